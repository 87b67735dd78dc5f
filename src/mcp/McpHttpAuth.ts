import type { IncomingMessage } from 'node:http';
import type { PermissionSet } from '../permissions/PermissionSet.js';

/** What {@link McpHttpAuth.verify} knows about a valid bearer token. */
export interface VerifiedToken {
  /** Who the token was issued to (a user or a service): it becomes `ctx.caller.principal`. */
  readonly principal: string;
  /** The token's scopes; by default each scope of the form `domain:action` is a permission. */
  readonly scopes: readonly string[];
  /** When the token expires, in seconds since the epoch (as OAuth's `exp`). A request after it is refused with 401. */
  readonly expiresAt?: number;
  /** The OAuth client the token was issued to. Default: the principal. */
  readonly clientId?: string;
}

/** RFC 9728 Protected Resource Metadata, in our spelling; served as JSON with the RFC's names. */
export interface ProtectedResourceMetadata {
  /**
   * The issuers of the authorization servers whose tokens this server accepts (`authorization_servers`). Left out of
   * the document when not given.
   */
  readonly authorizationServers?: readonly string[];
  /** The scopes a client may ask for (`scopes_supported`). Default: the scopes of `McpHttpAuth.scopes`, if any. */
  readonly scopesSupported?: readonly string[];
  /**
   * The public URL of the MCP endpoint (`resource`), when clients reach it by another URL than the one bound (a proxy).
   */
  readonly resource?: string;
  /** A human-readable name of the resource (`resource_name`). */
  readonly resourceName?: string;
}

/**
 * Bearer-token authentication of {@link serveHttp}: the server is an OAuth 2.1 resource server.
 * It never issues tokens; `verify` checks one (its signature, issuer and audience: a token must
 * have been issued for this server) and says who it is for.
 *
 * @example
 * const auth: McpHttpAuth = {
 *   verify: async (token) => {
 *     const claims = await myJwtVerifier.verify(token); // checks signature, issuer and audience
 *     return claims && { principal: claims.sub, scopes: claims.scope.split(' '), expiresAt: claims.exp };
 *   },
 *   resourceMetadata: { authorizationServers: ['https://auth.example.com'], scopesSupported: ['fs:read', 'fs:write'] },
 * };
 */
export interface McpHttpAuth {
  /** The token's identity and scopes, or `undefined` when it is not valid here (answered with 401). */
  verify(token: string, request: IncomingMessage): VerifiedToken | undefined | Promise<VerifiedToken | undefined>;
  /**
   * What the RFC 9728 Protected Resource Metadata document says, served at `/.well-known/oauth-protected-resource`
   * (and with the endpoint's path appended) and named in every 401 and 403. The document is served whenever `auth`
   * is on: without this, a minimal one (`resource`, `bearer_methods_supported`).
   */
  readonly resourceMetadata?: ProtectedResourceMetadata;
  /**
   * Which OAuth scope grants which permissions, e.g. `{ 'notes:read': ['notes:read'], 'notes:admin': ['notes:*'] }`.
   * When given, a token's permissions are those of the declared scopes it holds (a scope not declared grants none);
   * `tools/list` also shows the tools a declared scope would open to the caller; and a call of one of them that the
   * token's scopes do not allow gets 403 `insufficient_scope` naming the scopes to ask for (the MCP authorization
   * spec's step-up). Give this or `mapScopes`, not both.
   */
  readonly scopes?: Readonly<Record<string, readonly string[]>>;
  /**
   * The caller's permissions from its token. Default: each scope of the form `domain:action` (or
   * `domain:*`) is granted, other scopes (`openid`…) are ignored. The toolsets' grants stay the ceiling.
   */
  mapScopes?(scopes: readonly string[], token: VerifiedToken): PermissionSet;
}
