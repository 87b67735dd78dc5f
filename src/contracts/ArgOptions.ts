import type { JsonSchema } from './JsonSchema.js';
import type { StringFormat } from './StringFormat.js';

/**
 * What a parameter's type cannot say: a class (`String`, `Number`, `Boolean`, a DTO), a thunk
 * returning one (for classes declared later or in an import cycle), or a JSON Schema.
 */
export type TypeSpec = Function | (() => Function) | JsonSchema;

/** Options of `@Arg`. Constraints use JSON Schema's names and meanings. */
export interface ArgOptions {
  readonly description?: string;
  /** The argument may be absent (or null, which means absent). */
  readonly optional?: boolean;
  /** Used when the argument is absent; implies `optional`. */
  readonly default?: unknown;
  readonly enum?: readonly (string | number)[];
  readonly integer?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  /** The number divided by this (greater than 0) is an integer: `multipleOf: 5` takes 0, 5, 10… */
  readonly multipleOf?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: StringFormat;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** No two items of the array are equal (as JSON values). */
  readonly uniqueItems?: boolean;
  /** `null` is a value of its own, passed to the handler. */
  readonly nullable?: boolean;
  /** The element type of an array parameter. */
  readonly items?: TypeSpec;
  /** The type, where reflection cannot tell (unions, interfaces, `Record`, `unknown`). */
  readonly type?: TypeSpec;
  /**
   * An HTTP header that MCP 2026-07-28 clients copy this argument into (`Mcp-Param-<header>`, the spec's
   * `x-mcp-header`), so that a gateway or load balancer can route on it without reading the body; the server checks
   * that the header and the argument agree. A string, integer or boolean argument; an RFC 9110 token (`Region`,
   * `Tenant-Id`), unique within the tool whatever its case.
   */
  readonly header?: string;
}
