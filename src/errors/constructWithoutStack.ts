import { runInNewContext } from 'node:vm';

type Options = { cause?: unknown } | undefined;

/** The `Error` of a realm of this module's own, whose `Error.stackTraceLimit` is 0; made on first use. */
let StacklessError: ErrorConstructor | undefined;

/**
 * A native Error of class `newTarget` (its prototype, `instanceof`, `util.types.isNativeError`, structured clone)
 * whose stack holds no frames, made without touching the process's `Error.stackTraceLimit`: V8 reads the limit of
 * the realm of the `Error` constructor that runs, so the one read here belongs to this module alone.
 * Why a refusal is made without a stack: bench/NOTES.md, "Errors without a stack".
 */
export function constructWithoutStack(message: string | undefined, options: Options, newTarget: Function): Error {
  StacklessError ??= runInNewContext('Error.stackTraceLimit = 0; Error') as ErrorConstructor;
  return Reflect.construct(StacklessError, options === undefined ? [message] : [message, options], newTarget) as Error;
}
