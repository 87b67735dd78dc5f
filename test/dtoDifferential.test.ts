import { Exclude, Expose, plainToInstance, Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDate,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
  type ValidationError,
  validate,
} from 'class-validator';
import fc from 'fast-check';
import { Input, PermissionSet, Tool, type ToolRegistry, toolset } from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

// The same DTOs through class-transformer + class-validator, as Nest's
// ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }) runs them,
// and through a tool: the same verdict, the same transformed values, the same issue paths.
// Deliberate differences, all stricter, are left out of the payloads: a Date only from a valid ISO
// 8601 date-time string (class-transformer takes a number, "March 7" or February 30), and the
// property name of an @Expose({ name }) property is an unknown key.

class Base {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(3, 20)
  title!: string;
}

class Task extends Base {
  @Type(() => Date) @IsDate() @Expose({ name: 'due_at' }) dueAt!: Date;
  @Exclude() @IsIn(['user', 'admin']) role = 'user';
  @IsOptional() @Type(() => Number) @IsArray() @IsInt({ each: true }) ids?: number[];
  @IsIn(['fixed', 'flexible']) kind = 'flexible';
  @ValidateIf((task: Task) => task.kind === 'fixed') @IsString() @Length(5, 5) slot?: string;
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value), { toClassOnly: true })
  @IsOptional()
  @IsEmail()
  owner?: string;
}

class LineItem {
  @IsString() sku!: string;
  @IsInt() @Min(1) @Max(99) quantity!: number;
}

class Order {
  @IsDefined() @ValidateNested() @Type(() => Task) task!: Task;
  @IsArray() @ArrayMaxSize(3) @ValidateNested({ each: true }) @Type(() => LineItem) items!: LineItem[];
}

@Tool({ name: 'task', description: 'x' })
class TaskTool {
  execute(@Input() input: Task): string {
    return input.title;
  }
}

@Tool({ name: 'order', description: 'x' })
class OrderTool {
  execute(@Input() input: Order): string {
    return input.task.title;
  }
}

/** class-validator names a property by its name; the caller sent its wire name. */
const WIRE: Record<string, string> = { dueAt: 'due_at' };

function cvPaths(errors: readonly ValidationError[], parent = ''): string[] {
  return errors.flatMap((e) => {
    const key = WIRE[e.property] ?? e.property;
    const path = /^\d+$/.test(key) ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`;
    return [...(e.constraints !== undefined ? [path] : []), ...cvPaths(e.children ?? [], path)];
  });
}

/** A value as data: class instances keep their class's name, Dates become their ISO text. */
function normal(value: unknown): unknown {
  if (value instanceof Date) return { date: Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString() };
  if (Array.isArray(value)) return value.map(normal);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = { class: value.constructor.name };
    // Documented difference: a null for an @IsOptional field means absent here, so the handler gets undefined.
    for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) out[k] = normal(v);
    return out;
  }
  return value;
}

async function classTransformerAndValidator(dto: new () => object, payload: unknown) {
  const instance = plainToInstance(dto, structuredClone(payload));
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  return { ok: errors.length === 0, value: normal(instance), paths: [...new Set(cvPaths(errors))].sort() };
}

async function ours(registry: ToolRegistry, tool: string, payload: unknown) {
  const result = await registry.get(tool).validateInput(payload);
  // Documented difference: an item failing a `{ each: true }` check is named (`ids[0]`); class-validator names the
  // array.
  const paths = result.ok ? [] : result.issues.map((i) => i.path.replace(/^ids\[\d+\]$/, 'ids'));
  return { ok: result.ok, value: result.ok ? normal(result.value) : undefined, paths: [...new Set(paths)].sort() };
}

async function expectAgreement(
  registry: ToolRegistry,
  tool: string,
  dto: new () => object,
  payload: unknown,
): Promise<void> {
  const expected = await classTransformerAndValidator(dto, payload);
  const actual = await ours(registry, tool, payload);
  const context = JSON.stringify(payload);
  expect({ context, ok: actual.ok, paths: actual.paths }).toEqual({ context, ok: expected.ok, paths: expected.paths });
  if (expected.ok) expect({ context, value: actual.value }).toEqual({ context, value: expected.value });
}

const task = { title: '  Write it ', due_at: '2024-03-07T09:30:00Z' };

const TASK_PAYLOADS: unknown[] = [
  task,
  { ...task, title: '  ab ' },
  { ...task, title: 42 },
  { title: 'abc' },
  { ...task, due_at: 'not a date' },
  { ...task, role: 'admin' },
  { ...task, ids: [1, 2, 3] },
  { ...task, ids: ['1', '2'] },
  { ...task, ids: ['x'] },
  { ...task, kind: 'fixed' },
  { ...task, kind: 'fixed', slot: '09:30' },
  { ...task, kind: 'fixed', slot: '9:30' },
  { ...task, kind: 'sometimes' },
  { ...task, slot: 1 },
  { ...task, owner: 'ADA@Example.org' },
  { ...task, owner: 'nobody' },
  { ...task, owner: null },
  { ...task, extra: 1 },
  {},
];

const ORDER_PAYLOADS: unknown[] = [
  { task, items: [{ sku: 'a', quantity: 1 }] },
  { task: { ...task, title: 'x' }, items: [] },
  { task, items: [{ sku: 1, quantity: 0 }, { sku: 'b' }] },
  { task, items: [{ sku: 'a', quantity: 1, extra: true }] },
  { task: 'a task', items: [] },
  { items: [] },
  // @IsDefined() refuses a null as it refuses an absent key.
  { task: null, items: [] },
  { task, items: [1, 2, 3, 4] },
  { task: { ...task, due_at: 'soon' }, items: 'none' },
];

describe('@Input DTOs against class-transformer + class-validator (ValidationPipe: transform, whitelist, forbidNonWhitelisted)', () => {
  let registry: ToolRegistry;
  beforeAll(async () => {
    registry = (await buildRegistry(toolset({ name: 'd', tools: [TaskTool, OrderTool], granted: PermissionSet.all() })))
      .registry;
  });

  it.each(TASK_PAYLOADS.map((p) => [JSON.stringify(p), p]))('agree on a Task: %s', async (_name, payload) => {
    await expectAgreement(registry, 'task', Task, payload);
  });

  it.each(ORDER_PAYLOADS.map((p) => [JSON.stringify(p), p]))('agree on an Order: %s', async (_name, payload) => {
    await expectAgreement(registry, 'order', Order, payload);
  });

  it('agree on generated Tasks', async () => {
    const field = (...values: unknown[]) => fc.option(fc.constantFrom(...values), { nil: undefined });
    const payload = fc
      .record({
        title: field('  abc ', 'ab', 'a title that is far too long to pass', 7, null, ''),
        due_at: field('2024-03-07T09:30:00Z', '2024-13-01T00:00:00Z', 'x', null),
        role: field('admin', 'root'),
        ids: field([1], [], ['2', 3], [1.5], ['a']),
        kind: field('fixed', 'flexible', 'odd'),
        slot: field('12:00', '1', 5),
        owner: field('A@B.CO', 'a@b', null),
      })
      .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
    await fc.assert(
      fc.asyncProperty(payload, (p) => expectAgreement(registry, 'task', Task, p)),
      { seed: 11, numRuns: 300 },
    );
  });
});
