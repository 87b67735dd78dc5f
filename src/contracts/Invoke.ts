import type { ToolContext } from './ToolContext.js';

/** A call past the guard and validation: the validated input and the context in, the result out. */
export type Invoke = (input: unknown, ctx: ToolContext) => Promise<unknown>;
