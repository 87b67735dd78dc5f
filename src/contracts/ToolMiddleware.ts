import type { Newable } from './Newable.js';
import type { ToolContext } from './ToolContext.js';

/** Runs the rest of the chain. Called with no arguments, it passes on the same input and context. */
export type NextFunction = (input?: unknown, ctx?: ToolContext) => Promise<unknown>;

/** A function that wraps a call: it can refuse, change the input or result, or catch errors. */
export type ToolMiddleware = (input: unknown, ctx: ToolContext, next: NextFunction) => unknown;

/** A class that wraps calls, resolved from the container so it can inject services (Nest-style). */
export interface ToolInterceptor {
  /**
   * Wraps the call: may change `input`, call `next(input)` once (or not, to short-circuit), and change or replace its
   * result.
   */
  intercept(input: unknown, ctx: ToolContext, next: NextFunction): unknown;
}

/**
 * What `@UseInterceptors`, `toolset` and `toolsModule` accept: middleware functions, interceptor classes or instances.
 */
export type InterceptorLike = ToolMiddleware | Newable<ToolInterceptor> | ToolInterceptor;
