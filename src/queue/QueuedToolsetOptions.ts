import type { GuardLike } from '../contracts/ToolGuard.js';
import type { InterceptorLike } from '../contracts/ToolMiddleware.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import type { Logger } from '../contracts/Logger.js';
import type { QueueAddress } from './QueueAddress.js';
import type { SigningKey } from './SigningKey.js';

/** Options of `queuedToolset`: a toolset's options, and the queue its calls run on. */
export interface QueuedToolsetOptions {
  /** The toolset's name, as for `toolset`. */
  readonly name: string;
  /** Classes with `@Tool` on the class or on methods: the same classes the workers register. */
  readonly tools: readonly Function[];
  /** What this toolset's tools may do, checked here before anything is queued. Default: `PermissionSet.none()`. */
  readonly granted?: PermissionSet;
  /** Guard every tool of the toolset here, after the module's guards. */
  readonly guards?: readonly GuardLike[];
  /**
   * Wrap every call here, around the queueing; the tools' own `@UseInterceptors` run on the worker, around the handler.
   */
  readonly interceptors?: readonly InterceptorLike[];
  /** Where the calls go. */
  readonly queue: QueueAddress;
  /**
   * What a job carries as the caller (the worker's `ctx.caller`): a JSON value. Default: the
   * caller itself, which must then be JSON; describe it here when it holds more (a token, a
   * connection) than the worker should see.
   */
  readonly describeCaller?: (caller: unknown) => unknown;
  /**
   * How tools declared `idempotent: true` are retried when their worker dies, or their handler
   * fails or finds its requirements unmet: `attempts` in all (default 3), the first retry after
   * `backoffMs` (default 1000), doubling. Other tools run at most once.
   */
  readonly retry?: { readonly attempts?: number; readonly backoffMs?: number };
  /** How long loading may wait for Redis, in milliseconds, before it fails. Default: 30,000. */
  readonly connectTimeoutMs?: number;
  /**
   * The queue's signing key (at least 32 bytes), shared with its workers: every job is signed with
   * it (HMAC-SHA256), or with the first of a list. Default: none, and the workers trust Redis.
   */
  readonly signingKey?: SigningKey | readonly SigningKey[];
  /**
   * Told of the queue's Redis errors (BullMQ reconnects by itself) and of cancellations that could not reach Redis.
   * Default: silent.
   */
  readonly logger?: Logger;
}
