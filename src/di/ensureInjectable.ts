import { injectable, type Newable } from 'inversify';

/**
 * Makes a tool class injectable when its toolset is loaded, so `@Tool` alone is enough and
 * `@Tool` with `@injectable()`, in either order, is not a conflict. Done here rather than in
 * `@Tool` because a decorator cannot know whether `@injectable()` is still to come.
 */
export function ensureInjectable(target: Newable<object>): void {
  try {
    injectable()(target);
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('multiple times'))) throw error;
  }
}
