const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** Keys that can reach a prototype when assigned: never a declared name, never copied. */
export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN.has(key);
}
