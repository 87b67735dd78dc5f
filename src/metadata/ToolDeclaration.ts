import type { GuardLike } from '../contracts/ToolGuard.js';
import type { InterceptorLike } from '../contracts/ToolMiddleware.js';
import type { ExampleOptions } from '../contracts/ExampleOptions.js';
import type { Shape } from '../schema/Shape.js';
import type { ParamMetadata } from './ParamMetadata.js';
import type { RequiresOptions } from './RequiresOptions.js';
import type { ToolOptions } from './ToolOptions.js';
import type { EntryMark } from './EntryOptions.js';
import type { TypeManifestEntry } from '../contracts/TypeManifest.js';

/** Everything the decorators said about one tool, read back from metadata, not yet checked. */
export interface ToolDeclaration {
  /** The class that holds the handler. */
  readonly target: Function;
  /** The handler's method name: `execute` for a class tool. */
  readonly method: string;
  /** `Class.method`, for messages. */
  readonly where: string;
  readonly options: ToolOptions;
  /** Class-level, then method-level, in source order. */
  readonly permissions: readonly string[];
  readonly examples: readonly ExampleOptions[];
  readonly classInterceptors: readonly InterceptorLike[];
  readonly methodInterceptors: readonly InterceptorLike[];
  readonly classGuards: readonly GuardLike[];
  readonly methodGuards: readonly GuardLike[];
  /** From `@RequiresApproval` on the method, else on the class. */
  readonly approval: { readonly reason?: string } | undefined;
  readonly requires: readonly RequiresOptions[];
  /** What each parameter decorator recorded, by position. */
  readonly params: ReadonlyMap<number, ParamMetadata>;
  /** `design:paramtypes` of the handler, or undefined when the compiler emitted none. */
  readonly paramTypes: readonly unknown[] | undefined;
  /** The handler's declared parameter count (`Function.length`). */
  readonly arity: number;
  /**
   * The input's Shape, given outright by a declaration built without decorators (`mcpToolset`):
   * `params` are then ignored and the handler receives `(input, ctx)`.
   */
  readonly input?: Shape;
  /** With `input`: the arguments MCP clients copy into HTTP headers (argument → header), as `@Arg({ header })` says. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Present when the method is a resource, a resource template or a prompt rather than a tool. */
  readonly entry?: EntryMark;
  /** What `hermes-tools typegen` read from the handler's TypeScript types, when the registry was given a manifest. */
  readonly types?: TypeManifestEntry;
  /** With `entry`: the class's completion methods, by argument name. */
  readonly completers?: ReadonlyMap<string, string | symbol>;
}
