import fc from 'fast-check';
import type { ValidationLimits } from 'hermes-tools';

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

type Tree = null | boolean | number | string | Tree[] | { entries: [string, Tree][] };

const key = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'a', 'toString', 'valueOf', 'hasOwnProperty'),
  fc.string({ maxLength: 8 }),
);

const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', maxDepth: 8 },
    fc.constant(null),
    fc.boolean(),
    fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-0, 1e308, 2 ** 53)),
    fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.string({ minLength: 35, maxLength: 60 }),
      fc.constantFrom('__proto__', '{"a":1}', '[]'),
    ),
    fc.array(tie('tree'), { maxLength: 8 }),
    fc.array(fc.tuple(key, tie('tree')), { maxLength: 8 }).map((entries) => ({ entries })),
  ),
})).tree;

function write(node: Tree): string {
  if (node === null || typeof node !== 'object') return JSON.stringify(node);
  if (Array.isArray(node)) return `[${node.map(write).join(',')}]`;
  return `{${node.entries.map(([k, v]) => `${JSON.stringify(k)}:${write(v)}`).join(',')}}`;
}

function hasForbidden(node: Tree): boolean {
  if (node === null || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(hasForbidden);
  // As JSON.parse reads it: of a repeated key, the last value counts.
  return [...new Map(node.entries)].some(([k, v]) => FORBIDDEN.has(k) || hasForbidden(v));
}

/**
 * JSON texts (as a model sends them: JSON.parse makes `__proto__` an own key) of values of any
 * shape, with prototype keys at any depth, strings and containers around the fuzz limits, and
 * whether a prototype key is in it.
 */
export function jsonTextArbitrary(): fc.Arbitrary<{ text: string; forbidden: boolean }> {
  return fc
    .oneof(
      tree,
      fc
        .array(tree, { minLength: 1, maxLength: 8 })
        .map((entries) => ({ entries: entries.map((v, i): [string, Tree] => [`k${i}`, v]) })),
    )
    .map((node) => ({ text: write(node), forbidden: hasForbidden(node) }));
}

/**
 * Why `received` (what a handler would get) breaks `limits` or shares an object with `sent`, or
 * undefined: fresh plain objects and arrays all the way, no prototype keys, every bound kept.
 */
export function withinLimits(received: unknown, limits: ValidationLimits, sent: unknown): string | undefined {
  const sentObjects = new Set<object>();
  const collect = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || sentObjects.has(value)) return;
    sentObjects.add(value);
    for (const v of Object.values(value)) collect(v);
  };
  collect(sent);
  let size = 0;
  const visit = (value: unknown, depth: number, path: string): string | undefined => {
    size += 1;
    if (typeof value === 'string') {
      size += value.length;
      return value.length > limits.maxStringLength ? `${path}: a string of ${value.length}` : undefined;
    }
    if (typeof value !== 'object' || value === null) return undefined;
    if (sentObjects.has(value)) return `${path}: shared with the caller`;
    if (depth >= limits.maxDepth) return `${path}: too deep`;
    const proto = Object.getPrototypeOf(value);
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayLength) return `${path}: ${value.length} items`;
      for (const [i, v] of value.entries()) {
        const problem = visit(v, depth + 1, `${path}[${i}]`);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    if (proto !== Object.prototype && !(depth === 0 || depth === 1)) return `${path}: not a plain object`;
    const keys = Object.keys(value);
    if (keys.length > limits.maxProperties) return `${path}: ${keys.length} keys`;
    for (const k of keys) {
      size += k.length;
      if (FORBIDDEN.has(k)) return `${path}.${k}: a prototype key`;
      const problem = visit((value as Record<string, unknown>)[k], depth + 1, `${path}.${k}`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
  const problem = visit(received, 0, '');
  if (problem !== undefined) return problem;
  // Defaults the DTO adds (meta: {}) are not part of what was sent.
  return size > limits.maxTotalSize + 16 ? `total size ${size}` : undefined;
}
