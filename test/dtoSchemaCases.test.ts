import 'reflect-metadata';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { plainToInstance } from 'class-transformer';
import * as cv from 'class-validator';
import { Input, PermissionSet, Tool, type ToolRegistry, toolset } from 'hermes-tools';
import { type ClassValidatorCase, classValidatorCases } from './fixtures/classValidatorCases.js';
import { buildRegistry } from './support/buildRegistry.js';

// class-validator's own decorator cases (test/fixtures/classValidatorCases.ts), each a DTO of one property behind
// @Input: the registry refuses what class-validator refuses, and the JSON Schema it lists refuses none of what
// class-validator accepts. Values JSON cannot carry (Dates, NaN, functions, class instances) are left out; an
// undefined value is the property left out.

/** The constructor tsc records as `design:type` for each declared type in the cases. */
const DESIGN_TYPES: Record<string, Function> = {
  string: String,
  number: Number,
  boolean: Boolean,
  Date,
  'string[]': Array,
  '{ name: string }[]': Array,
  MyStringEnum: String,
  MyDefaultIndexedEnum: Number,
  MyCustomIndexedEnum: Number,
};

/** Keywords that say nothing beyond a bare type. */
const BARE = new Set(['type', 'description']);

type Decorator = (target: object, property: string) => void;

interface Built {
  readonly dto: new () => object;
  readonly registry: ToolRegistry;
  readonly schema: Record<string, unknown>;
}

async function build(c: ClassValidatorCase): Promise<Built | string> {
  const factory = (cv as unknown as Record<string, (...args: unknown[]) => Decorator>)[c.decorator]!;
  class CaseDto {
    value!: unknown;
  }
  factory(...c.args)(CaseDto.prototype, 'value');
  Reflect.defineMetadata('design:type', DESIGN_TYPES[c.declared] ?? Object, CaseDto.prototype, 'value');
  @Tool({ name: 'case', description: 'x' })
  class CaseTool {
    execute(@Input(CaseDto) _input: object): string {
      return 'ok';
    }
  }
  try {
    const { registry } = await buildRegistry(toolset({ name: 'c', tools: [CaseTool], granted: PermissionSet.all() }));
    return { dto: CaseDto, registry, schema: registry.definitions()[0]!.inputSchema as Record<string, unknown> };
  } catch (error) {
    return (error as Error).message;
  }
}

function isJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every((v) => v !== undefined && isJson(v));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value as object).every((v) => v !== undefined && isJson(v));
  return false;
}

/** What class-validator says of a payload, as Nest's ValidationPipe({ transform, whitelist, forbidNonWhitelisted }). */
async function classValidatorAccepts(dto: new () => object, payload: object): Promise<boolean> {
  const instance = plainToInstance(dto, structuredClone(payload));
  const errors = await cv.validate(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
  });
  return errors.length === 0;
}

/** Whether a property schema says anything beyond a bare type. */
function hasKeyword(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  return Object.entries(schema).some(([k, v]) => (k === 'items' ? hasKeyword(v) : !BARE.has(k)));
}

function label(c: ClassValidatorCase): string {
  return `${c.suite}: @${c.decorator}(${c.args.map((a) => (typeof a === 'function' ? 'fn' : JSON.stringify(a))).join(', ')})`;
}

/** The vendored cases' distinct decorators, and those whose schema carries a keyword (see docs/concepts.md). */
const DISTINCT_DECORATORS = 101;
const DECORATORS_WITH_KEYWORD = 69;
/** The cases that build no tool: a property whose values are Dates, which no JSON argument can be. */
const UNBUILT = ['IsDate: @IsDate()'];

describe("class-validator's own decorator cases through @Input", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  const built = new Map<ClassValidatorCase, Built | string>();

  beforeAll(async () => {
    for (const c of classValidatorCases) built.set(c, await build(c));
  });

  it('agree with class-validator on every JSON value, and the listed schema accepts every value class-validator accepts', async () => {
    const disagreements: string[] = [];
    const refusedBySchema: string[] = [];
    for (const c of classValidatorCases) {
      const b = built.get(c)!;
      if (typeof b === 'string') continue;
      const check = ajv.compile(b.schema);
      for (const value of [...c.valid, ...c.invalid]) {
        if (value !== undefined && !isJson(value)) continue;
        const payload = value === undefined ? {} : { value };
        const expected = await classValidatorAccepts(b.dto, payload);
        const actual = (await b.registry.get('case').validateInput(payload)).ok;
        if (actual !== expected) disagreements.push(`${label(c)} ${JSON.stringify(value)}: ${expected} / ${actual}`);
        if (expected && !check(payload))
          refusedBySchema.push(`${label(c)} ${JSON.stringify(value)}: ${JSON.stringify(b.schema)}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(refusedBySchema).toEqual([]);
  });

  it('give a JSON Schema keyword beyond a bare type for at least 90 of the decorators', () => {
    const withKeyword = classValidatorCases.filter((c) => {
      const b = built.get(c)!;
      return typeof b !== 'string' && hasKeyword((b.schema.properties as Record<string, unknown>).value);
    });
    expect(classValidatorCases.length).toBe(132);
    expect(withKeyword.length).toBeGreaterThanOrEqual(90);
    // Counted by decorator too: a decorator with several cases (@IsHash's 13 algorithms) counts once.
    const decorators = new Set(classValidatorCases.map((c) => c.decorator));
    const decoratorsWithKeyword = new Set(withKeyword.map((c) => c.decorator));
    expect([decorators.size, decoratorsWithKeyword.size]).toEqual([DISTINCT_DECORATORS, DECORATORS_WITH_KEYWORD]);
  });

  it('build a DTO for every case but those whose value is no JSON value', () => {
    const unbuilt = classValidatorCases.filter((c) => typeof built.get(c) === 'string').map(label);
    expect(unbuilt).toEqual(UNBUILT);
  });
});
