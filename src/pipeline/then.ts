/**
 * `next(value)` now, or once `value` resolves: a chain of steps written with it stays synchronous
 * until a step has to wait, so a call with nothing asynchronous configured makes no promise
 * before its handler.
 */
export function then<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
