function isThunk(spec: unknown): spec is () => Function {
  return typeof spec === 'function' && spec.prototype === undefined;
}

/** Resolves a thunk to the class it returns; a class or a JSON Schema is returned as it is. */
export function resolveTypeSpec(spec: unknown): unknown {
  return isThunk(spec) ? spec() : spec;
}
