import type { ToolContext } from '../contracts/ToolContext.js';
import type { Invoke } from '../contracts/Invoke.js';
import type { ToolMiddleware } from '../contracts/ToolMiddleware.js';

/**
 * Wraps `inner` in middlewares, the first outermost. Built once per tool, when the registry is
 * built. A middleware that calls `next` twice gets an error from the second call, never a second run.
 */
export function composeMiddleware(middlewares: readonly ToolMiddleware[], inner: Invoke): Invoke {
  let chain = inner;
  for (let i = middlewares.length - 1; i >= 0; i--) {
    const middleware = middlewares[i]!;
    const next = chain;
    chain = (input, ctx) => {
      let called = false;
      const nextFn = (nextInput: unknown = input, nextCtx: ToolContext = ctx): Promise<unknown> => {
        if (called) return Promise.reject(new Error('an interceptor called next() more than once'));
        called = true;
        return next(nextInput, nextCtx);
      };
      try {
        return Promise.resolve(middleware(input, ctx, nextFn));
      } catch (error) {
        return Promise.reject(error);
      }
    };
  }
  return chain;
}
