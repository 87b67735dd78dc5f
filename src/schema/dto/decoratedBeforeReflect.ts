/** class-validator's global store, read for the classes it holds; its shape is checked, not assumed. */
const storage = (globalThis as { classValidatorMetadataStorage?: { validationMetadatas?: unknown } }).classValidatorMetadataStorage;
const reflectLoaded = typeof (Reflect as { metadata?: unknown }).metadata === 'function';

/**
 * The classes class-validator had decorated when hermes-tools was loaded, if reflect-metadata had not been loaded
 * by then: TypeScript's emitted `design:type` of their properties was silently dropped. `src/index.ts` imports this
 * module before `reflect-metadata`.
 */
export const decoratedBeforeReflect: ReadonlySet<unknown> =
  reflectLoaded || !(storage?.validationMetadatas instanceof Map) ? new Set() : new Set(storage.validationMetadatas.keys());
