import type { Checker, Type as ApiType } from 'typescript/unstable/sync';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { TypeScriptApi } from './loadTypeScript.js';

/** What typegen reads of a checker type: the API's objects have these members, its `Type` interface declares fewer. */
export type Type = ApiType & {
  readonly value?: string | number | boolean | bigint;
  readonly intrinsicName?: string;
  getTypes(): readonly Type[] | undefined;
  getTarget(): Type;
};

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Where a type is read, for problems: `SearchTool.execute @Arg('filter').tags[]`. */
export interface TypeReading {
  readonly ts: TypeScriptApi;
  readonly checker: Checker;
  /** Types it cannot express, each naming where and what to write instead. */
  readonly problems: string[];
}

/** A schema read from a type, and what the type says about absence. */
export interface ReadType {
  readonly schema: JsonSchema;
  /** The type admits `undefined`: the value may be absent. */
  readonly optional: boolean;
  /** The type is the built-in `Date`. */
  readonly date: boolean;
}

/**
 * The JSON Schema of a TypeScript type, in the keywords the validator enforces: `string`, `number`, `boolean`,
 * literal unions of one kind (`enum`), `T | null` (nullable), `T | undefined` (optional), arrays, tuples of one element
 * type, interfaces, type literals and `Record<string, T>` (`properties`, `required`, `additionalProperties`), `Date`
 * at the top (a date-time string). Anything else (functions, open generics, conditional types, unions of different
 * kinds, recursion) is a problem naming `where`, never a guess; the schema is then `undefined`.
 */
export function typeToSchema(type: Type, where: string, reading: TypeReading): ReadType | undefined {
  return read(type, where, reading, new Set(), true);
}

function read(
  type: Type,
  where: string,
  r: TypeReading,
  inside: ReadonlySet<number>,
  top: boolean,
): ReadType | undefined {
  const { TypeFlags } = r.ts.sync;
  const flags = type.flags;
  const fail = (what: string): undefined => {
    r.problems.push(`${where}: ${what}`);
    return undefined;
  };
  const plain = (schema: JsonSchema): ReadType => ({ schema, optional: false, date: false });
  if ((type as { isErrorType?: () => boolean }).isErrorType?.() === true || type.intrinsicName === 'error')
    return fail(
      `its type ${r.checker.typeToString(type)} does not resolve (a missing import or declaration); fix the type so that tsc accepts it`,
    );
  if (flags & TypeFlags.AnyOrUnknown) return plain({});
  // `boolean` is the union `true | false` and carries the Boolean flag: it is read as one type, not as its members.
  if (flags & TypeFlags.Boolean) return plain({ type: 'boolean' });
  if (flags & TypeFlags.Union) return readUnion(type, where, r, inside, top);
  if (flags & TypeFlags.StringLiteral) return plain({ type: 'string', enum: [type.value as string] });
  if (flags & TypeFlags.NumberLiteral) return plain({ type: 'number', enum: [type.value as number] });
  if (flags & TypeFlags.String) return plain({ type: 'string' });
  if (flags & TypeFlags.Number) return plain({ type: 'number' });
  if (flags & TypeFlags.BooleanLiteral)
    return fail(`the literal ${r.checker.typeToString(type)} has no schema the validator enforces; declare boolean`);
  if (flags & TypeFlags.NonPrimitive) return plain({ type: 'object', additionalProperties: true });
  if (flags & TypeFlags.TypeParameter)
    return fail(`the type parameter ${r.checker.typeToString(type)} is left open; give the parameter a concrete type`);
  if (flags & TypeFlags.Intersection) {
    // A branded primitive (`string & { __brand: 'Id' }`): the brand is a tag for the compiler, the value is the primitive.
    const members = type.getTypes() ?? [];
    const primitives = members.filter((m) => m.flags & (TypeFlags.String | TypeFlags.Number | TypeFlags.Boolean));
    if (primitives.length === 1 && members.every((m) => m === primitives[0] || m.flags & TypeFlags.Object))
      return read(primitives[0]!, where, r, inside, top);
  }
  if (flags & (TypeFlags.Object | TypeFlags.Intersection)) return readObject(type, where, r, inside, top);
  return fail(
    `${r.checker.typeToString(type)} has no JSON Schema (a template literal, bigint, symbol, void, never, a conditional or indexed type); declare the type it resolves to, or name it with @Arg({ type })`,
  );
}

function readUnion(
  type: Type,
  where: string,
  r: TypeReading,
  inside: ReadonlySet<number>,
  top: boolean,
): ReadType | undefined {
  const { TypeFlags } = r.ts.sync;
  const members = type.getTypes() ?? [];
  const optional = members.some((m) => m.flags & (TypeFlags.Undefined | TypeFlags.Void));
  const nullable = members.some((m) => m.flags & TypeFlags.Null);
  let rest = members.filter((m) => !(m.flags & (TypeFlags.Undefined | TypeFlags.Void | TypeFlags.Null)));
  // `boolean` is the union `true | false`; as a member of a larger union it comes apart.
  const booleans = rest.filter((m) => m.flags & TypeFlags.BooleanLiteral);
  if (booleans.length === 2)
    rest = [...rest.filter((m) => !(m.flags & TypeFlags.BooleanLiteral)), r.checker.getBooleanType() as Type];
  let schema: JsonSchema | undefined;
  let date = false;
  if (rest.length === 0) {
    r.problems.push(`${where}: ${r.checker.typeToString(type)} holds no value but null or undefined; give it a type`);
    return undefined;
  }
  if (rest.length === 1) {
    const one = read(rest[0]!, where, r, inside, top);
    if (one === undefined) return undefined;
    schema = one.schema;
    date = one.date;
  } else if (rest.every((m) => m.flags & TypeFlags.StringLiteral)) {
    schema = { type: 'string', enum: rest.map((m) => m.value as string) };
  } else if (rest.every((m) => m.flags & TypeFlags.NumberLiteral)) {
    schema = { type: 'number', enum: rest.map((m) => m.value as number) };
  } else if (rest.every((m) => m.flags & (TypeFlags.Object | TypeFlags.Intersection))) {
    r.problems.push(
      `${where}: the union of object types ${r.checker.typeToString(type)} has no schema the validator checks (it checks one object shape); use one interface whose varying properties are optional, or a DTO`,
    );
    return undefined;
  } else {
    r.problems.push(
      `${where}: the union ${r.checker.typeToString(type)} mixes kinds, which the validator does not check; use literals of one kind, one type, or a DTO`,
    );
    return undefined;
  }
  if (nullable) schema = withNull(schema);
  return { schema, optional, date };
}

function withNull(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  // Any JSON value already includes null.
  return typeof type === 'string' ? { ...schema, type: [type, 'null'] } : schema;
}

function readObject(
  type: Type,
  where: string,
  r: TypeReading,
  inside: ReadonlySet<number>,
  top: boolean,
): ReadType | undefined {
  const { checker } = r;
  const { SymbolFlags, SignatureKind } = r.ts.sync;
  const fail = (what: string): undefined => {
    r.problems.push(`${where}: ${what}`);
    return undefined;
  };
  const symbol = type.getSymbol();
  const name = symbol?.name;
  if (name === 'Date' && isLibrary(symbol!)) {
    if (!top)
      return fail(
        'a Date inside an object type cannot be converted; declare a string with format date-time, or use a DTO with @Type(() => Date)',
      );
    return { schema: { type: 'string', format: 'date-time' }, optional: false, date: true };
  }
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as never) as readonly Type[];
    const items = element === undefined ? undefined : read(element, `${where}[]`, r, inside, false);
    return items === undefined
      ? undefined
      : { schema: { type: 'array', items: items.schema }, optional: false, date: false };
  }
  if (checker.isTupleType(type)) return readTuple(type, where, r, inside);
  if (inside.has(type.id))
    return fail(
      `${checker.typeToString(type)} refers to itself, which a schema without references cannot say; use a DTO`,
    );
  if (checker.getSignaturesOfType(type, SignatureKind.Call).length > 0)
    return fail('a function is not a JSON value; a tool receives JSON, so take the data the function would work on');
  if (symbol !== undefined && isBuiltIn(symbol) && name !== '__type' && name !== '__object' && name !== 'Record')
    return fail(
      `${checker.typeToString(type)} is a built-in (${name}), not a JSON value; declare the JSON it is sent as (an interface, or a string it is parsed from)`,
    );
  const within = new Set(inside).add(type.id);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const property of checker.getPropertiesOfType(type)) {
    const at = `${where}.${property.name}`;
    if (property.flags & SymbolFlags.Method)
      return fail(
        `its property ${property.name} is a method, which is not a JSON value; a parameter's type lists the data it is sent (use an interface of properties)`,
      );
    if (FORBIDDEN_KEYS.has(property.name))
      return fail(`its property ${property.name} can reach a prototype, and every input refuses such a key; rename it`);
    const propertyType = checker.getTypeOfSymbol(property) as Type | undefined;
    if (propertyType === undefined) return fail(`${at} has no type the checker can tell`);
    const read_ = read(propertyType, at, r, within, false);
    if (read_ === undefined) return undefined;
    const doc = property.getDocumentationComment(checker).trim();
    properties[property.name] = doc === '' ? read_.schema : { ...read_.schema, description: doc };
    if (!(property.flags & SymbolFlags.Optional) && !read_.optional) required.push(property.name);
  }
  let additionalProperties: boolean | JsonSchema = false;
  for (const info of checker.getIndexInfosOfType(type)) {
    if (!(info.keyType.flags & r.ts.sync.TypeFlags.String))
      return fail(`${checker.typeToString(type)} has an index signature by number or symbol; JSON keys are strings`);
    const value = read(info.valueType as Type, `${where}[key]`, r, within, false);
    if (value === undefined) return undefined;
    additionalProperties = value.schema;
  }
  return {
    schema: { type: 'object', properties, required, additionalProperties },
    optional: false,
    date: false,
  };
}

function readTuple(type: Type, where: string, r: TypeReading, inside: ReadonlySet<number>): ReadType | undefined {
  const { ElementFlags } = r.ts.sync;
  const elements = r.checker.getTypeArguments(type as never) as readonly Type[];
  const flags = (type.getTarget() as unknown as { elementFlags: readonly number[] }).elementFlags ?? [];
  if (flags.some((f) => f & (ElementFlags.Rest | ElementFlags.Variadic))) {
    r.problems.push(`${where}: a tuple with a rest element; use an array`);
    return undefined;
  }
  const read_ = elements.map((e, i) => read(e, `${where}[${i}]`, r, inside, false));
  if (read_.some((e) => e === undefined)) return undefined;
  const texts = new Set(read_.map((e) => JSON.stringify(e!.schema)));
  if (texts.size > 1) {
    r.problems.push(
      `${where}: the tuple ${r.checker.typeToString(type)} has elements of different types, which the validator does not check by position; use an interface`,
    );
    return undefined;
  }
  const minItems = flags.filter((f) => f & ElementFlags.Required).length;
  return {
    schema: { type: 'array', items: read_[0]?.schema ?? {}, minItems, maxItems: elements.length },
    optional: false,
    date: false,
  };
}

function isLibrary(symbol: { readonly declarations: readonly { readonly path: string }[] }): boolean {
  return symbol.declarations.some((d) => /\/(lib\.[^/]*\.d\.ts|node_modules\/)/.test(d.path));
}

/** Declared by TypeScript's own libraries (`Map`, `RegExp`, `Promise`…) or Node's types: a runtime object, not JSON. */
function isBuiltIn(symbol: { readonly declarations: readonly { readonly path: string }[] }): boolean {
  return symbol.declarations.some((d) => /\/(lib\.[^/]*\.d\.ts$|node_modules\/@types\/node\/)/.test(d.path));
}
