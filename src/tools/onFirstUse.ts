/**
 * `make`'s value, made on the first call and kept. For what a tool needs only when it is called (its
 * validators): a registry of thousands of tools is built and listed long before most of them are called.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
