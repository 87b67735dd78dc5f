import type { ObjectShape, PropertyShape, Shape } from '../Shape.js';
import type { StringFormat } from '../../contracts/StringFormat.js';
import { isStringFormat } from '../stringFormats.js';
import type { DtoConstraint, DtoProperty } from './DtoModel.js';
import { readDtoModel } from './readDtoModel.js';

type Mutable<T> = { -readonly [K in keyof T]?: T[K] };
type Draft = Mutable<Record<string, unknown>> & { kind?: string; notes?: string[] };

/** Constraints that are a string format; with arguments only where named in FORMAT_WITH_ARGS. */
const FORMAT_OF: Record<string, StringFormat> = {
  isEmail: 'email',
  isUuid: 'uuid',
  isUrl: 'uri',
  isFqdn: 'hostname',
  isDateString: 'date-time',
  isIso8601: 'date-time',
};
/**
 * Formats whose constraint arguments only narrow the format (a UUID version, ISO 8601 strictness): the format still
 * says it.
 */
const FORMAT_WITH_ARGS = new Set(['isUuid', 'isDateString', 'isIso8601']);
const NUMBER_NAMES = ['isInt', 'isNumber', 'min', 'max', 'isPositive', 'isNegative', 'isDivisibleBy'];
const STRING_NAMES = [
  'minLength',
  'maxLength',
  'isLength',
  'matches',
  'isNotEmpty',
  'isIp',
  'isAlpha',
  'isAlphanumeric',
  'isNumberString',
  'contains',
  'notContains',
];

/**
 * The Shape of a class-validator DTO, for its JSON Schema. Each constraint with a JSON Schema form
 * becomes that keyword; any other is named in the property's description, so the model still
 * learns of it. A DTO met again inside itself becomes a plain object at that point.
 */
export function dtoToShape(dto: Function, seen: ReadonlySet<Function> = new Set()): ObjectShape {
  const { model } = readDtoModel(dto);
  const inside = new Set(seen).add(dto);
  // An @Exclude()d property is never read from the input, so the model is not told of it.
  const properties: PropertyShape[] = model.properties
    .filter((p) => !p.excluded)
    .map((p) => ({
      name: p.wireName,
      shape: propertyShape(p, inside),
      required: p.required,
      ...(p.default !== undefined && isJsonScalarOrData(p.default.value) && { default: p.default }),
    }));
  return { kind: 'object', properties, additionalProperties: false };
}

function propertyShape(p: DtoProperty, seen: ReadonlySet<Function>): Shape {
  const isArray =
    p.eachConstraints.length > 0 || p.constraints.some((c) => c.name === 'isArray') || p.designType === Array;
  const nestedClass = p.nested?.();
  const nested =
    nestedClass === undefined
      ? undefined
      : seen.has(nestedClass)
        ? ({
            kind: 'object',
            properties: [],
            additionalProperties: true,
            description: `A ${nestedClass.name}, as above.`,
          } as Shape)
        : dtoToShape(nestedClass, seen);
  const notes: string[] = [];
  let shape: Shape;
  if (isArray) {
    const items = nested ?? fromConstraints(p.eachConstraints, conversionType(p), notes, 'each item ');
    shape = applyArrayConstraints(items, p.constraints, notes);
  } else if (nested !== undefined) {
    shape = nested;
    collectNotes(p.constraints, notes, new Set(['isObject', 'isNotEmptyObject', 'isDefined']));
  } else {
    shape = fromConstraints(p.constraints, conversionType(p) ?? p.designType, notes, '');
  }
  const description = [p.description, ...notes].filter((s) => s !== undefined && s !== '').join(' ');
  return description === '' ? shape : { ...shape, description };
}

/** What the caller sends for a `@Type(() => Date | String | Number | Boolean)` property. */
function conversionType(p: DtoProperty): unknown {
  switch (p.conversion) {
    case 'date':
      return Date;
    case 'string':
      return String;
    case 'number':
      return Number;
    case 'boolean':
      return Boolean;
    default:
      return undefined;
  }
}

function fromConstraints(
  constraints: readonly DtoConstraint[],
  designType: unknown,
  notes: string[],
  prefix: string,
): Shape {
  const names = new Set(constraints.map((c) => c.name));
  const draft: Draft = {};
  let kind = NUMBER_NAMES.some((n) => names.has(n))
    ? 'number'
    : names.has('isBoolean')
      ? 'boolean'
      : names.has('isObject') || names.has('isNotEmptyObject')
        ? 'object'
        : names.has('isString') || [...names].some((n) => Object.hasOwn(FORMAT_OF, n) || STRING_NAMES.includes(n))
          ? 'string'
          : designType === String || designType === Date
            ? 'string'
            : designType === Number
              ? 'number'
              : designType === Boolean
                ? 'boolean'
                : 'unknown';
  const handled = new Set<string>(['isDefined']);
  if (designType === Date) {
    // Sent as an ISO 8601 string and made a Date by @Type(() => Date) before the checks.
    draft.format = 'date-time';
    handled.add('isDate');
  }
  for (const c of constraints) {
    const [a, b] = c.constraints;
    switch (c.name) {
      case 'isString':
      case 'isBoolean':
      case 'isNumber':
      case 'isObject':
        handled.add(c.name);
        break;
      case 'isIp':
        if (a === '4' || a === 4 || a === '6' || a === 6) {
          draft.format = String(a) === '4' ? 'ipv4' : 'ipv6';
          handled.add(c.name);
        }
        break;
      case 'equals':
        if (typeof a === 'string' && kind !== 'number') {
          draft.enum = [a];
          kind = 'string';
          handled.add(c.name);
        } else if (typeof a === 'number' && kind !== 'string') {
          draft.enum = [a];
          kind = 'number';
          handled.add(c.name);
        }
        break;
      case 'isInt':
        draft.integer = true;
        handled.add(c.name);
        break;
      case 'min':
        draft.minimum = a as number;
        handled.add(c.name);
        break;
      case 'max':
        draft.maximum = a as number;
        handled.add(c.name);
        break;
      case 'isPositive':
        draft.exclusiveMinimum = 0;
        handled.add(c.name);
        break;
      case 'isNegative':
        draft.exclusiveMaximum = 0;
        handled.add(c.name);
        break;
      case 'minLength':
        draft.minLength = a as number;
        handled.add(c.name);
        break;
      case 'maxLength':
        draft.maxLength = a as number;
        handled.add(c.name);
        break;
      case 'isLength':
        draft.minLength = a as number;
        if (typeof b === 'number') draft.maxLength = b;
        handled.add(c.name);
        break;
      case 'isNotEmpty':
        if (kind === 'string') {
          draft.minLength = Math.max(1, (draft.minLength as number | undefined) ?? 0);
          handled.add(c.name);
        }
        break;
      case 'matches':
        if (a instanceof RegExp && (a.flags === '' || a.flags === 'u')) {
          draft.pattern = a.source;
          handled.add(c.name);
        } else if (typeof a === 'string' && (b === undefined || b === '')) {
          draft.pattern = a;
          handled.add(c.name);
        }
        break;
      case 'isIn':
        if (Array.isArray(a) && a.every((v) => typeof v === 'string') && kind !== 'number') {
          draft.enum = a;
          kind = 'string';
          handled.add(c.name);
        } else if (Array.isArray(a) && a.every((v) => typeof v === 'number') && kind !== 'string') {
          draft.enum = a;
          kind = 'number';
          if (a.every((v) => Number.isInteger(v))) draft.integer = true;
          handled.add(c.name);
        }
        break;
      case 'isEnum': {
        const values = Array.isArray(b) ? (b as unknown[]) : [];
        if (values.length > 0 && values.every((v) => typeof v === 'string')) {
          draft.enum = values;
          kind = 'string';
          handled.add(c.name);
        } else if (values.length > 0 && values.every((v) => typeof v === 'number')) {
          draft.enum = values;
          kind = 'number';
          if (values.every((v) => Number.isInteger(v))) draft.integer = true;
          handled.add(c.name);
        }
        break;
      }
      default: {
        const format = FORMAT_OF[c.name];
        if (format !== undefined && isStringFormat(format) && (a === undefined || FORMAT_WITH_ARGS.has(c.name))) {
          draft.format = format;
          handled.add(c.name);
        }
      }
    }
  }
  collectNotes(constraints, notes, handled, prefix);
  if (kind === 'number')
    return {
      kind: 'number',
      integer: draft.integer === true,
      ...pick(draft, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'enum']),
    } as Shape;
  if (kind === 'string')
    return { kind: 'string', ...pick(draft, ['minLength', 'maxLength', 'pattern', 'format', 'enum']) } as Shape;
  if (kind === 'boolean') return { kind: 'boolean' };
  if (kind === 'object') return { kind: 'object', properties: [], additionalProperties: true };
  return { kind: 'unknown' };
}

function applyArrayConstraints(items: Shape, constraints: readonly DtoConstraint[], notes: string[]): Shape {
  const draft: Draft = {};
  const handled = new Set(['isArray', 'isDefined']);
  for (const c of constraints) {
    const [a] = c.constraints;
    if (c.name === 'arrayMinSize') draft.minItems = a as number;
    else if (c.name === 'arrayMaxSize') draft.maxItems = a as number;
    else if (c.name === 'arrayNotEmpty') draft.minItems = Math.max(1, (draft.minItems as number | undefined) ?? 0);
    else continue;
    handled.add(c.name);
  }
  collectNotes(constraints, notes, handled);
  return { kind: 'array', items, ...pick(draft, ['minItems', 'maxItems']) } as Shape;
}

function collectNotes(
  constraints: readonly DtoConstraint[],
  notes: string[],
  handled: ReadonlySet<string>,
  prefix = '',
): void {
  const rest = constraints.filter((c) => !handled.has(c.name)).map((c) => describeConstraint(c));
  if (rest.length > 0)
    notes.push(
      `${prefix === '' ? 'Must' : `${prefix[0]!.toUpperCase()}${prefix.slice(1)}must`} also satisfy: ${rest.join(', ')}.`,
    );
}

function describeConstraint(c: DtoConstraint): string {
  const args = c.constraints.filter(
    (v) => v !== undefined && v !== null && typeof v !== 'function' && typeof v !== 'object',
  );
  return args.length > 0 ? `${c.name}(${args.map((v) => JSON.stringify(v)).join(', ')})` : c.name;
}

function pick(draft: Draft, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (draft[k] !== undefined) out[k] = draft[k];
  return out;
}

function isJsonScalarOrData(value: unknown): boolean {
  try {
    return (
      value === null || ['string', 'number', 'boolean'].includes(typeof value) || JSON.stringify(value) !== undefined
    );
  } catch {
    // Converted: a value JSON cannot hold is not data.
    return false;
  }
}
