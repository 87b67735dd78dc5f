import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { PermissionSet } from '../permissions/PermissionSet.js';
import { ownValue } from '../internal/ownValue.js';
import type { McpHttpAuth } from './McpHttpAuth.js';
import type { ScopeGrants } from './ScopeGrants.js';
import { scopesToPermissions } from './scopesToPermissions.js';

/** What a refusal tells the client of where to get a token: RFC 9728's metadata URL, and the scopes to ask for. */
export interface AuthChallenge {
  readonly metadataUrl: string;
  /** Space-separated, for the challenge's `scope` parameter; none when no scope is known. */
  readonly scope?: string;
  /** `auth.scopes`, read once. */
  readonly grants?: ScopeGrants;
}

/**
 * A request's authentication: its `AuthInfo` (with `extra.principal` and `extra.permissions`), or the refusal to send.
 */
export type Authentication =
  | { readonly ok: true; readonly info: AuthInfo; readonly principal: string }
  | { readonly ok: false; readonly status: 401; readonly message: string; readonly challenge: string }
  /** The server's own failure (a hook threw or answered wrongly): `cause` is for its log, never for the client. */
  | { readonly ok: false; readonly status: 500; readonly message: string; readonly cause: unknown };

// RFC 6750's b64token.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * Checks a request's bearer token, as the MCP authorization spec asks of a resource server
 * (and as the SDK's `requireBearerAuth` does): no token or a bad one is a 401 whose
 * `WWW-Authenticate` names the resource metadata and the scopes to ask for; an expired one too, and one whose
 * `expiresAt` is not a finite number. Messages never quote the token. `auth` and the token are read as own keys
 * only. A `mapScopes` that throws or returns anything but a PermissionSet fails the request (500):
 * never a widening. `now` is the clock, in ms since the epoch.
 */
export async function authenticate(
  req: IncomingMessage,
  auth: McpHttpAuth,
  challenge: AuthChallenge,
  now: number,
): Promise<Authentication> {
  const { grants } = challenge;
  const where = `, resource_metadata="${challenge.metadataUrl}"${challenge.scope === undefined ? '' : `, scope="${challenge.scope}"`}`;
  const refuse = (message: string, error?: string): Authentication => ({
    ok: false,
    status: 401,
    message,
    challenge:
      error === undefined
        ? `Bearer${where.slice(1)}`
        : // RFC 6750's error_description has no `"` or `\`: the message's quotes become single ones there.
          `Bearer error="${error}", error_description="${message.replace(/["\\]/g, "'")}"${where}`,
  });
  const header = req.headers.authorization;
  if (header === undefined) return refuse('this MCP server needs a bearer token: send "Authorization: Bearer <token>"');
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) return refuse('the Authorization header is not "Bearer <token>"', 'invalid_request');
  let verified: Awaited<ReturnType<McpHttpAuth['verify']>>;
  try {
    verified = await ownValue(auth, 'verify')?.call(auth, token, req);
  } catch (cause) {
    // Converted: the verifier's failure is the server's, answered 500 and logged by the caller.
    return {
      ok: false,
      status: 500,
      message: 'the bearer token could not be checked (the verifier failed); try again later',
      cause,
    };
  }
  const principal = ownValue(verified, 'principal');
  const scopes = ownValue(verified, 'scopes');
  if (verified === undefined || typeof principal !== 'string' || !Array.isArray(scopes)) {
    return refuse(
      'the bearer token is not valid for this server; get a new one from its authorization server',
      'invalid_token',
    );
  }
  const expiresAt = ownValue(verified, 'expiresAt');
  if (expiresAt !== undefined && !(typeof expiresAt === 'number' && Number.isFinite(expiresAt))) {
    return refuse(
      'the bearer token has no valid expiry (expiresAt is not a number of seconds); get a new one',
      'invalid_token',
    );
  }
  if (expiresAt !== undefined && !(expiresAt * 1000 > now))
    return refuse('the bearer token has expired; get a new one', 'invalid_token');
  const mapScopes = ownValue(auth, 'mapScopes');
  const given = ownValue(verified, 'clientId');
  const clientId = typeof given === 'string' ? given : principal;
  let permissions: unknown;
  try {
    permissions =
      mapScopes !== undefined
        ? mapScopes.call(auth, scopes, verified)
        : grants !== undefined
          ? grants.permissionsOf(scopes)
          : scopesToPermissions(scopes);
  } catch (cause) {
    // Converted: a mapper that throws fails this request closed (500), logged by the caller.
    return {
      ok: false,
      status: 500,
      message: "the token's scopes could not be mapped to permissions (auth.mapScopes threw)",
      cause,
    };
  }
  if (!(permissions instanceof PermissionSet)) {
    const cause = new TypeError(`auth.mapScopes returned ${describe(permissions)}, not a PermissionSet`);
    return {
      ok: false,
      status: 500,
      message: "the token's scopes could not be mapped to permissions (auth.mapScopes did not return a PermissionSet)",
      cause,
    };
  }
  return {
    ok: true,
    principal,
    info: {
      token,
      clientId,
      scopes: [...scopes],
      ...(expiresAt === undefined ? {} : { expiresAt }),
      // With declared scopes, what the caller is shown: what it may call, and what a declared scope would open to it.
      extra: {
        principal,
        permissions,
        ...(grants === undefined ? {} : { listed: permissions.grant(...grants.reachable.toJSON()) }),
      },
    },
  };
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  return typeof value === 'object' ? `an object (${value.constructor?.name ?? 'no prototype'})` : `a ${typeof value}`;
}
