import { composeMiddleware } from '../pipeline/composeMiddleware.js';
import type { ToolMiddleware } from '../contracts/ToolMiddleware.js';
import { coreOf, createRegisteredTool } from './createRegisteredTool.js';
import type { RegisteredTool } from './RegisteredTool.js';

/**
 * A copy of `tool` whose calls pass through `middlewares` (the first outermost), after the guard
 * and validation and outside the tool's own interceptors.
 *
 * @example
 * const traced = withMiddleware(registry.get('fs.read'), [
 *   async (input, ctx, next) => { ctx.logger.info('calling', { tool: ctx.tool }); return next(); },
 * ]);
 */
export function withMiddleware(tool: RegisteredTool, middlewares: readonly ToolMiddleware[]): RegisteredTool {
  const core = coreOf(tool);
  return createRegisteredTool({ ...core, invoke: composeMiddleware(middlewares, core.invoke) });
}
