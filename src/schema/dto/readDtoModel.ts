import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { getFromContainer, getMetadataStorage, type ValidationArguments } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';
import type { DefinitionProblem } from '../../contracts/DefinitionProblem.js';
import { getDescription } from './getDescription.js';
import { isForbiddenKey } from '../isForbiddenKey.js';
import { patternProblem } from '../patternProblem.js';
import { describeValue } from '../ValidationRun.js';
import type { DtoConstraint, DtoConversion, DtoModel, DtoProperty, DtoTransform } from './DtoModel.js';

const models = new WeakMap<Function, { model: DtoModel; problems: DefinitionProblem[] }>();

/**
 * Reads a class-validator DTO into a DtoModel, once per class. The metadata is fixed once the
 * class is defined, so the result is cached; `problems` says what cannot be used, by property.
 */
export function readDtoModel(dto: Function): { model: DtoModel; problems: readonly DefinitionProblem[] } {
  let entry = models.get(dto);
  if (entry === undefined) {
    entry = buildModel(dto);
    models.set(dto, entry);
  }
  return entry;
}

function buildModel(dto: Function): { model: DtoModel; problems: DefinitionProblem[] } {
  const problems: DefinitionProblem[] = [];
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false) as ValidationMetadata[];
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const m of metadatas) {
    if (m.groups !== undefined && m.groups.length > 0) continue;
    const list = byProperty.get(m.propertyName) ?? [];
    list.push(m);
    byProperty.set(m.propertyName, list);
  }
  const defaults = instantiate(dto);
  if (defaultMetadataStorage.getStrategy(dto) === 'excludeAll') {
    problems.push({
      where: dto.name,
      code: 'unsupported_keyword',
      message:
        'a class-level @Exclude() (expose only what is @Expose()d) is not supported for tool input; put @Exclude() on the properties the caller must not set instead',
    });
  }
  const excludedKeys = new Set(defaultMetadataStorage.getExcludedProperties(dto, TransformationType.PLAIN_TO_CLASS));
  const properties: DtoProperty[] = [];
  for (const [name, list] of byProperty) {
    if (isForbiddenKey(name)) {
      problems.push({
        where: `${dto.name}.${name}`,
        code: 'forbidden_key',
        message: `"${name}" cannot be a property name of tool input`,
      });
      continue;
    }
    const constraints: DtoConstraint[] = [];
    const eachConstraints: DtoConstraint[] = [];
    const conditions: ((object: object, value: unknown) => boolean)[] = [];
    let optional = false;
    let nested: (() => Function | undefined) | undefined;
    let isDefined = false;
    for (const m of list) {
      if (m.type === 'conditionalValidation') {
        if (m.name === 'isOptional') optional = true;
        else conditions.push(m.constraints[0] as (object: object, value: unknown) => boolean);
      } else if (m.type === 'nestedValidation') {
        nested = nestedType(dto, name);
        if (nested === undefined) {
          problems.push({
            where: `${dto.name}.${name}`,
            code: 'missing_nested_type',
            message: '@ValidateNested() needs the nested class; add @Type(() => TheClass) from class-transformer',
          });
        }
      } else if (m.type === 'isDefined') {
        isDefined = true;
      } else if (m.type === 'customValidation') {
        const constraint = toConstraint(m);
        if (constraint.name === 'matches') {
          const problem = matchesProblem(constraint.constraints, `${dto.name}.${name}`);
          if (problem !== undefined) problems.push(problem);
        }
        (m.each ? eachConstraints : constraints).push(constraint);
      }
    }
    if (isDefined) constraints.unshift(IS_DEFINED);
    const transformer = readTransformer(dto, name, excludedKeys.has(name), nested !== undefined, problems);
    if (transformer.conversion !== 'date' && [...constraints, ...eachConstraints].some((c) => c.name === 'isDate')) {
      problems.push({
        where: `${dto.name}.${name}`,
        code: 'date_type',
        message:
          '@IsDate() checks a Date, but tool input is JSON, where a date is a string; add @Type(() => Date) from class-transformer (an ISO 8601 string is then made a Date), or use @IsISO8601() on a string',
      });
    }
    const designType = Reflect.getMetadata('design:type', dto.prototype, name) as unknown;
    const hasDefault = defaults !== undefined && (defaults as Record<string, unknown>)[name] !== undefined;
    const required =
      !optional &&
      conditions.length === 0 &&
      !hasDefault &&
      (eachConstraints.length > 0 || constraints.some((c) => failsOnUndefined(c, dto, name)));
    properties.push({
      name,
      ...transformer,
      constraints,
      eachConstraints,
      ...(nested !== undefined && { nested }),
      optional,
      conditions,
      required,
      ...(hasDefault && { default: { value: (defaults as Record<string, unknown>)[name] } }),
      designType,
      ...(getDescription(dto, name) !== undefined && { description: getDescription(dto, name) }),
    });
  }
  const wireNames = new Set<string>(excludedKeys);
  for (const p of properties) {
    if (wireNames.has(p.wireName) && !p.excluded) {
      problems.push({
        where: `${dto.name}.${p.name}`,
        code: 'duplicate_arg',
        message: `its input key "${p.wireName}" is also another property's; give each @Expose({ name }) a name of its own`,
      });
    }
    wireNames.add(p.wireName);
  }
  const model: DtoModel = { dto, properties, wireNames };
  return { model, problems };
}

type Transformer = Pick<DtoProperty, 'wireName' | 'exposed' | 'excluded' | 'conversion' | 'transforms'>;

/** What class-transformer's `plainToInstance` does to one property, read once from its metadata. */
function readTransformer(
  dto: Function,
  name: string,
  excluded: boolean,
  nested: boolean,
  problems: DefinitionProblem[],
): Transformer {
  const where = `${dto.name}.${name}`;
  const expose = defaultMetadataStorage.findExposeMetadata(dto, name);
  const exposeOptions = expose?.options ?? {};
  const exposed = expose !== undefined && exposeOptions.toPlainOnly !== true;
  if (
    exposed &&
    (exposeOptions.groups !== undefined || exposeOptions.since !== undefined || exposeOptions.until !== undefined)
  ) {
    problems.push({
      where,
      code: 'unsupported_keyword',
      message:
        '@Expose with groups, since or until is not supported for tool input (a call has no groups or version); remove them',
    });
  }
  const wireName = exposed && typeof exposeOptions.name === 'string' ? exposeOptions.name : name;
  if (isForbiddenKey(wireName))
    problems.push({
      where,
      code: 'forbidden_key',
      message: `"${wireName}" cannot be an input key; choose another @Expose({ name })`,
    });
  if (excluded && wireName !== name)
    problems.push({
      where,
      code: 'unsupported_keyword',
      message: 'it is both @Expose({ name }) and @Exclude(); keep one',
    });
  const transforms: DtoTransform[] = defaultMetadataStorage
    .findTransformMetadatas(dto, name, TransformationType.PLAIN_TO_CLASS)
    // As plainToInstance does without `groups`: a grouped transform does not apply.
    .filter((m) => m.options?.groups === undefined || m.options.groups.length === 0)
    .map((m) => m.transformFn as DtoTransform);
  if (transforms.length > 0 && nested) {
    problems.push({
      where,
      code: 'unsupported_keyword',
      message:
        "@Transform on a @ValidateNested() property is not supported; put the @Transform on the nested class's properties",
    });
  }
  const typeMetadata = defaultMetadataStorage.findTypeMetadata(dto, name);
  if (typeMetadata?.options?.discriminator !== undefined) {
    problems.push({
      where,
      code: 'unsupported_keyword',
      message:
        '@Type with a discriminator is not supported for tool input yet; use one nested class with an @IsIn() kind property and @ValidateIf() for the fields of each kind',
    });
  }
  let conversion: DtoConversion | undefined;
  if (typeMetadata !== undefined && !nested) {
    try {
      conversion = CONVERSIONS.get(typeMetadata.typeFunction());
    } catch (error) {
      problems.push({
        where,
        code: 'type_thunk_threw',
        message: `its @Type thunk threw (${error instanceof Error ? error.message : String(error)})`,
      });
    }
  }
  return { wireName, exposed, excluded, ...(conversion !== undefined && { conversion }), transforms };
}

const CONVERSIONS = new Map<unknown, DtoConversion>([
  [Date, 'date'],
  [String, 'string'],
  [Number, 'number'],
  [Boolean, 'boolean'],
]);

/** class-transformer's `@Type(() => X)` first; otherwise the reflected property type, if it is a class. */
function nestedType(dto: Function, property: string): (() => Function | undefined) | undefined {
  const typeMetadata = defaultMetadataStorage.findTypeMetadata(dto, property);
  if (typeMetadata !== undefined) return () => typeMetadata.typeFunction();
  const designType = Reflect.getMetadata('design:type', dto.prototype, property) as unknown;
  if (typeof designType === 'function' && designType !== Object && designType !== Array) return () => designType;
  return undefined;
}

function instantiate(dto: Function): object | undefined {
  try {
    return new (dto as new () => object)();
  } catch {
    // Converted: a DTO that cannot be built without arguments has no defaults to read.
    return undefined;
  }
}

/** `@Matches(pattern, modifiers?)` runs on every call: its pattern passes the same check as a declared `pattern`. */
function matchesProblem(constraints: readonly unknown[], property: string): DefinitionProblem | undefined {
  const [pattern, modifiers] = constraints;
  const source = pattern instanceof RegExp ? pattern.source : typeof pattern === 'string' ? pattern : undefined;
  if (source === undefined)
    return { where: property, code: 'invalid_pattern', message: '@Matches needs a RegExp or a string pattern' };
  const flags = pattern instanceof RegExp ? pattern.flags : typeof modifiers === 'string' ? modifiers : '';
  return patternProblem(
    source,
    {
      unicode: /[uv]/.test(flags),
      caseInsensitive: flags.includes('i'),
      multiLine: flags.includes('m'),
      dotAll: flags.includes('s'),
    },
    `${property}: @Matches`,
  );
}

const IS_DEFINED: DtoConstraint = {
  name: 'isDefined',
  constraints: [],
  async: false,
  validate: (value) => value !== undefined && value !== null,
  message: (_args, path) => `${path} should not be null or undefined`,
};

function failsOnUndefined(constraint: DtoConstraint, dto: Function, property: string): boolean {
  try {
    const ok = constraint.validate(undefined, {
      value: undefined,
      constraints: [...constraint.constraints],
      targetName: dto.name,
      object: {},
      property,
    });
    return ok !== true;
  } catch {
    // Converted: a constraint that throws on undefined fails on it.
    return true;
  }
}

interface ConstraintInstance {
  validate(value: unknown, args: ValidationArguments): boolean | Promise<boolean>;
  defaultMessage?(args: ValidationArguments): string;
}

function toConstraint(m: ValidationMetadata): DtoConstraint {
  const instance = getFromContainer(m.constraintCls as new () => ConstraintInstance);
  const declared = getMetadataStorage().getTargetValidatorConstraints(m.constraintCls)[0];
  // A @Validate(Constraint) carries no name of its own: class-validator reports it by its @ValidatorConstraint({ name
  // }).
  const name = m.name ?? declared?.name ?? 'customValidation';
  const custom = m.message;
  const template = (args: ValidationArguments): string => {
    if (typeof custom === 'function') return custom(args);
    if (typeof custom === 'string' && custom !== '') return custom;
    // A constraint with no message of its own (class-validator's would be empty) is named by what the issue reports it
    // as.
    const message = instance.defaultMessage?.(args);
    return typeof message === 'string' && message !== '' ? message : `$property failed the ${name} constraint`;
  };
  return {
    name,
    constraints: m.constraints ?? [],
    async: declared?.async === true,
    validate: (value, args) => instance.validate(value, args),
    message: (args, path, quote) => {
      const text = replaceTokens(template(args), args, path, quote);
      // A message function is the author's code and may show the value itself; without quoting, it is taken out.
      return quote || typeof args.value !== 'string' || args.value.length < 4
        ? text
        : text.split(args.value).join(describeValue(args.value, false));
    },
  };
}

function replaceTokens(template: string, args: ValidationArguments, path: string, quote: boolean): string {
  let out = template.replace(/\$property/g, path).replace(/\$target/g, args.targetName);
  args.constraints?.forEach((c, i) => {
    out = out.replace(new RegExp(`\\$constraint${i + 1}`, 'g'), Array.isArray(c) ? c.join(', ') : String(c));
  });
  return out.replace(/\$value/g, () => (quote ? safeString(args.value) : describeValue(args.value, false)));
}

function safeString(value: unknown): string {
  try {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 40 ? `${text.slice(0, 40)}…` : text;
  } catch {
    // Converted: a value that cannot be shown is named by its type.
    return typeof value;
  }
}
