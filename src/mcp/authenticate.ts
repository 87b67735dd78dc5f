import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { McpHttpAuth } from './McpHttpAuth.js';
import { scopesToPermissions } from './scopesToPermissions.js';

/** A request's authentication: its `AuthInfo` (with `extra.principal` and `extra.permissions`), or the refusal to send. */
export type Authentication =
  | { readonly ok: true; readonly info: AuthInfo; readonly principal: string }
  | { readonly ok: false; readonly status: 401 | 500; readonly message: string; readonly challenge?: string };

// RFC 6750's b64token.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * Checks a request's bearer token, as the MCP authorization spec asks of a resource server
 * (and as the SDK's `requireBearerAuth` does): no token or a bad one is a 401 whose
 * `WWW-Authenticate` names the resource metadata; an expired one too. Messages never quote the token.
 */
export async function authenticate(req: IncomingMessage, auth: McpHttpAuth, metadataUrl: string | undefined): Promise<Authentication> {
  const where = metadataUrl === undefined ? '' : `, resource_metadata="${metadataUrl}"`;
  const refuse = (message: string, error?: string): Authentication => ({
    ok: false,
    status: 401,
    message,
    challenge: error === undefined ? `Bearer${where.slice(1)}` : `Bearer error="${error}", error_description="${message}"${where}`,
  });
  const header = req.headers.authorization;
  if (header === undefined) return refuse('this MCP server needs a bearer token: send "Authorization: Bearer <token>"');
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) return refuse('the Authorization header is not "Bearer <token>"', 'invalid_request');
  let verified: Awaited<ReturnType<McpHttpAuth['verify']>>;
  try {
    verified = await auth.verify(token, req);
  } catch {
    return { ok: false, status: 500, message: 'the bearer token could not be checked (the verifier failed); try again later' };
  }
  if (verified === undefined || typeof verified.principal !== 'string' || !Array.isArray(verified.scopes)) {
    return refuse('the bearer token is not valid for this server; get a new one from its authorization server', 'invalid_token');
  }
  const { expiresAt } = verified;
  if (expiresAt !== undefined && !(expiresAt * 1000 > Date.now())) return refuse('the bearer token has expired; get a new one', 'invalid_token');
  let permissions: unknown;
  try {
    permissions = auth.mapScopes === undefined ? scopesToPermissions(verified.scopes) : auth.mapScopes(verified.scopes, verified);
  } catch {
    return { ok: false, status: 500, message: "the token's scopes could not be mapped to permissions (mapScopes failed)" };
  }
  return {
    ok: true,
    principal: verified.principal,
    info: {
      token,
      clientId: verified.clientId ?? verified.principal,
      scopes: [...verified.scopes],
      ...(expiresAt === undefined ? {} : { expiresAt }),
      extra: { principal: verified.principal, permissions },
    },
  };
}
