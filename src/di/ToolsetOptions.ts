import type { PermissionSet } from '../permissions/PermissionSet.js';
import type { GuardLike } from '../contracts/ToolGuard.js';
import type { InterceptorLike } from '../contracts/ToolMiddleware.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import type { DeclarationFeed } from './DeclarationFeed.js';

/** A named group of tools with one grant, decided at the composition root. */
export interface ToolsetOptions {
  /** Names the group: routing, `view({ toolsets })` and messages use it. */
  readonly name: string;
  /** Classes with `@Tool` on the class or on methods. */
  readonly tools: readonly Function[];
  /** What this toolset's tools may do. Default: `PermissionSet.none()`. */
  readonly granted?: PermissionSet;
  /** Guard every tool of the toolset, after the module's guards and before the tools' own. */
  readonly guards?: readonly GuardLike[];
  /** Wrap every tool of the toolset, inside the module's and outside the tools' own. */
  readonly interceptors?: readonly InterceptorLike[];
  /**
   * `singleton` (default): one instance per container. `call`: a new instance per call, which
   * can `@inject(ToolContext)`. Classes the user bound already keep their own binding.
   */
  readonly scope?: 'singleton' | 'call';
  /**
   * Tools declared without decorators, ready to compile like the `tools` classes' (each `target`
   * must be bound in the container). For integrations that import tools, such as `mcpToolset`.
   * @internal
   */
  readonly declarations?: readonly ToolDeclaration[];
  /**
   * Where the toolset's tools come from after load, when they change while the registry runs: `declarations` are then
   * the first ones. For `mcpToolset`.
   * @internal
   */
  readonly feed?: DeclarationFeed;
}

/** A toolset as the registry reads it: every option read and defaulted. @internal */
export type ToolsetDescriptor = Required<Omit<ToolsetOptions, 'feed'>> & Pick<ToolsetOptions, 'feed'>;
