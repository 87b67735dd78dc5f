import type { CanActivate, Type } from '@nestjs/common';
import type { CallerIdentity } from '../registry/CallerIdentity.js';

/**
 * The MCP endpoint `forRoot({ mcp })` serves on the Nest app's own HTTP server (Express adapter),
 * stateless: every POST is served by a fresh MCP server for the request's caller.
 */
export interface McpEndpointOptions {
  /** The route. Default `/mcp`. */
  readonly path?: string;
  /** The server's name and version, shown to clients. Default `hermes-tools` and `0.0.0`. */
  readonly name?: string;
  /** The server's version, shown to clients. */
  readonly version?: string;
  /** Nest guards on the route (a JWT guard that puts the user on the request, say); global guards apply too. */
  readonly guards?: readonly (Type<CanActivate> | CanActivate)[];
  /**
   * Who the request is, once the guards have passed: `tools/list` shows and `tools/call` allows
   * what this caller may call. Default: `{ caller: request.user }`.
   */
  readonly caller?: (request: unknown) => CallerIdentity | Promise<CallerIdentity>;
}
