/**
 * A class that can be constructed: what the container resolves. Inversify's `Newable`, kept here so contracts import
 * nothing.
 */
// Constructor parameters are contravariant: `any[]` is what accepts every class (as inversify's Newable does).
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Newable<T = unknown, A extends unknown[] = any[]> = new (...args: A) => T;
