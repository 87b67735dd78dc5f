import type { ObjectShape, PropertyShape, Shape } from '../Shape.js';
import type { StringFormat } from '../../contracts/StringFormat.js';
import { isStringFormat } from '../stringFormats.js';
import type { DtoConstraint, DtoProperty } from './DtoModel.js';
import { readDtoModel } from './readDtoModel.js';
import { STRING_ONLY, stringCheckKeywords } from './stringCheckKeywords.js';

type Mutable<T> = { -readonly [K in keyof T]?: T[K] };
type Draft = Mutable<Record<string, unknown>> & { kind?: string; notes?: string[] };

/**
 * Constraints that are a string format whose JSON Schema check accepts all the constraint accepts (Ajv's uuid format
 * takes every version validator.js does); their arguments only narrow it, and are then named in the description.
 * isEmail, isUrl, isFqdn, isIso8601 and isDateString are not here: their formats refuse values validator.js accepts
 * (stringCheckKeywords says what can be said of them).
 */
const FORMAT_OF: Record<string, StringFormat> = { isUuid: 'uuid' };
/** Constraints that say the value is an array: each is false for anything else. */
const ARRAY_NAMES = [
  'isArray',
  'arrayMinSize',
  'arrayMaxSize',
  'arrayNotEmpty',
  'arrayContains',
  'arrayNotContains',
  'arrayUnique',
];
const NUMBER_NAMES = ['isInt', 'isNumber', 'min', 'max', 'isPositive', 'isNegative', 'isDivisibleBy'];
const STRING_NAMES = [
  'isEmail',
  'isUrl',
  'isFqdn',
  'isDateString',
  'isIso8601',
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
  // The declared type is not checked (class-validator takes a number for a `string` property), so it says nothing here:
  // only the checks and a @Type conversion do.
  // A nested array (`@ValidateNested({ each: true })`) has only its declared type to say so.
  const isArray =
    p.eachConstraints.length > 0 ||
    p.constraints.some((c) => ARRAY_NAMES.includes(c.name)) ||
    (p.nested !== undefined && p.designType === Array);
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
    shape = fromConstraints(p.constraints, conversionType(p), notes, '');
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
        : names.has('isString') ||
            [...names].some(
              (n) =>
                Object.hasOwn(FORMAT_OF, n) ||
                STRING_NAMES.includes(n) ||
                STRING_ONLY.has(n) ||
                stringCheckKeywords(n, []) !== undefined,
            )
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
        if (a === '4' || a === 4) {
          draft.format = 'ipv4';
          handled.add(c.name);
        } else useStringKeywords(c, draft);
        break;
      case 'isDivisibleBy':
        // validator.js divides by parseInt(n), so only a positive integer n is multipleOf n.
        if (typeof a === 'number' && Number.isInteger(a) && a > 0) {
          draft.multipleOf = a;
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
        if (format !== undefined && isStringFormat(format)) {
          draft.format = format;
          handled.add(c.name);
        } else if (kind === 'string' && useStringKeywords(c, draft)) handled.add(c.name);
      }
    }
  }
  collectNotes(constraints, notes, handled, prefix);
  if (kind === 'number')
    return {
      kind: 'number',
      integer: draft.integer === true,
      ...pick(draft, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'enum']),
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
    // A Set decides: equal scalars are duplicates, two objects never are, so uniqueItems says it only of scalar items.
    else if (c.name === 'arrayUnique' && a === undefined && SCALAR_KINDS.has(items.kind)) draft.uniqueItems = true;
    else continue;
    handled.add(c.name);
  }
  collectNotes(constraints, notes, handled);
  return { kind: 'array', items, ...pick(draft, ['minItems', 'maxItems', 'uniqueItems']) } as Shape;
}

const SCALAR_KINDS = new Set(['string', 'number', 'boolean']);

/**
 * Puts a string check's keywords into the draft where they add to what it says already. True when they say all the
 * check does (the check is then not named in the description).
 */
function useStringKeywords(c: DtoConstraint, draft: Draft): boolean {
  const keywords = stringCheckKeywords(c.name, c.constraints);
  if (keywords === undefined) return false;
  if (keywords.pattern !== undefined) {
    if (draft.pattern !== undefined) return false;
    draft.pattern = keywords.pattern;
  }
  if (keywords.enum !== undefined) {
    if (draft.enum !== undefined) return false;
    draft.enum = keywords.enum;
  }
  if (keywords.minLength !== undefined)
    draft.minLength = Math.max(keywords.minLength, (draft.minLength as number | undefined) ?? 0);
  if (keywords.maxLength !== undefined)
    draft.maxLength = Math.min(keywords.maxLength, (draft.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY);
  return keywords.exact;
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
