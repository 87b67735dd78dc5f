import type { CallOptions } from '../contracts/CallOptions.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';

/** A registry's `dispatch`, and what a kernel of this package needs beside it. Not part of the public API. */
export interface Dispatcher {
  /** `registry.dispatch`. */
  dispatch(name: string, args: unknown, options?: CallOptions): Promise<ToolOutcome>;
  /**
   * `dispatch` of a name the caller may not see, answered and audited exactly as a name no tool has:
   * for a kernel that must not tell a hidden tool from an unknown one (MCP tasks).
   */
  dispatchAsUnknown(name: string, args: unknown, options: CallOptions): Promise<ToolOutcome>;
}

/** The key under which a registry gives its {@link Dispatcher}: a symbol no entry point exports. @internal */
export const DISPATCHER: unique symbol = Symbol('hermes-tools dispatcher');

/** A registry that gives its {@link Dispatcher} to the kernels of this package. @internal */
export interface HasDispatcher {
  readonly [DISPATCHER]: Dispatcher;
}
