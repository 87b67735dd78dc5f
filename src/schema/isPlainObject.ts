const { getPrototypeOf, prototype: objectPrototype } = Object;

/** An object literal or JSON.parse result: not null, not an array, not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = getPrototypeOf(value);
  return proto === objectPrototype || proto === null;
}
