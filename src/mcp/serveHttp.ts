import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, isIPv6 } from 'node:net';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { ownValue } from '../internal/ownValue.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { type AuthChallenge, authenticate } from './authenticate.js';
import type { McpHttpAuth } from './McpHttpAuth.js';
import { isLoopbackHost } from './isLoopbackHost.js';
import type { McpHttpOptions, McpHttpServer } from './McpHttpOptions.js';
import { McpHttpHandler } from './McpHttpHandler.js';
import { ownCopy, ownOptions } from '../internal/ownOptions.js';
import { readJsonBody } from './readJsonBody.js';
import { replyError as reply } from './replyError.js';
import { scopeChallenge } from './scopeChallenge.js';
import { isScopeToken, ScopeGrants } from './ScopeGrants.js';

const METADATA_PATH = '/.well-known/oauth-protected-resource';

/**
 * Serves the registry over MCP Streamable HTTP: one MCP session per client, or none with
 * `stateless: true`. Bound to loopback by default, where the `Host` header is checked against
 * DNS rebinding; a foreign `Origin` is refused everywhere (the server's own origin, the address and
 * port it is bound to, passes; on loopback its `localhost` and `[::1]` spellings too). A non-loopback address needs
 * `auth`
 * (or an explicit `allowUnauthenticated`). With `auth`, every request needs a valid bearer token,
 * and its scopes decide what `tools/list` shows and `tools/call` allows.
 *
 * @example
 * const http = await serveHttp(registry, { name: 'my-tools', version: '1.0.0', port: 3000, auth });
 */
export async function serveHttp(registry: ToolRegistry, given: McpHttpOptions): Promise<McpHttpServer> {
  // Own keys only: a polluted Object.prototype (`allowUnauthenticated`, `auth`, `allowedOrigins`…) changes nothing.
  const options = ownCopy(given);
  const host = options.host ?? '127.0.0.1';
  const endpoint = options.path ?? '/mcp';
  const loopback = isLoopbackHost(host);
  const { auth } = options;
  if (auth !== undefined) checkAuth(auth);
  const declaredScopes = ownValue(auth, 'scopes');
  const grants = declaredScopes === undefined ? undefined : new ScopeGrants(declaredScopes, 'serveHttp');
  if (!loopback && auth === undefined) {
    if (options.allowUnauthenticated !== true) {
      throw new TypeError(
        `serveHttp: refusing to serve ${host}, which other machines can reach, without authentication; ` +
          'pass auth (or --token-env NAME on the command line), bind 127.0.0.1, or pass allowUnauthenticated: true (--allow-unauthenticated) if the network is trusted',
      );
    }
    const warning = `serveHttp: serving ${host} without authentication; anyone who can reach this port can call every tool`;
    if (options.onWarning === undefined) process.emitWarning(warning, { code: 'HERMES_MCP_UNAUTHENTICATED' });
    else options.onWarning(warning);
  }
  const handler = new McpHttpHandler(registry, options, 'serveHttp', auth !== undefined);
  const maxBody = handler.maxBody;
  // The server's own origins are added once it is bound: from its address, never from a request's Host.
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  let allowedHosts: string[] = [];
  let challenge: AuthChallenge | undefined;
  let metadata: string | undefined;

  // A request for the endpoint as written needs no URL parsed (when the endpoint is written as a URL's path reads it).
  const exactPath = new URL(endpoint, 'http://localhost').pathname === endpoint ? endpoint : undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = req.url === exactPath ? exactPath : new URL(req.url ?? '/', 'http://localhost').pathname;
    if (metadata !== undefined && (path === METADATA_PATH || path === `${METADATA_PATH}${endpoint}`)) {
      res.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'cache-control': 'max-age=3600',
      });
      res.end(metadata);
      return;
    }
    if (path !== endpoint) return reply(res, 404, `no MCP endpoint here; use ${endpoint}`);
    if (loopback && !allowedHosts.includes(req.headers.host ?? ''))
      return reply(res, 403, 'the Host header is not this server: DNS rebinding protection refused the request');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      return reply(
        res,
        403,
        'this origin may not call this MCP server; add it to allowedOrigins (--allow-origin) to let its pages in',
      );
    }
    let who: AuthInfo | undefined;
    let principal: string | undefined;
    if (auth !== undefined) {
      // The challenge is made once the server is bound, before its first request; were it missing, this throws: a 500.
      const checked = await authenticate(req, auth, challenge!, handler.clock.now());
      if (!checked.ok) {
        if (checked.status === 401) res.setHeader('www-authenticate', checked.challenge);
        else handler.warn(`serveHttp: ${checked.message}`, checked.cause);
        return reply(res, checked.status, checked.message);
      }
      who = checked.info;
      principal = checked.principal;
    }
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readJsonBody(req, maxBody);
      if (!read.ok) {
        if (read.status === 413) res.setHeader('connection', 'close');
        return reply(res, read.status, read.message, read.status === 400 ? -32700 : -32000);
      }
      body = read.value;
    }
    // A call the token's scopes do not allow but a declared scope would: 403 insufficient_scope, before anything runs.
    if (grants !== undefined && who !== undefined && challenge !== undefined) {
      const stepUp = await scopeChallenge(registry, grants, body, who);
      if (stepUp !== undefined) {
        res.setHeader(
          'www-authenticate',
          `Bearer error="insufficient_scope", scope="${stepUp.scopes.join(' ')}", resource_metadata="${challenge.metadataUrl}", error_description="the token's scopes do not allow this call"`,
        );
        return reply(
          res,
          403,
          `the token's scopes do not grant ${stepUp.missing.join(', ')}: get a token with the scopes ${stepUp.scopes.join(' ')} from the authorization server, then call again`,
        );
      }
    }
    await handler.serve(req, res, body, who, principal);
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Converted to a 500 for the client, and reported to the operator: the cause is never sent.
      handler.warn('serveHttp: an MCP request could not be handled', error);
      if (!res.headersSent) reply(res, 500, 'the MCP request could not be handled');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  allowedHosts = [`${shownHost}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
  for (const origin of ownOrigins(host, (http.address() as AddressInfo).address, port)) allowedOrigins.add(origin);
  const url = new URL(`http://${shownHost}:${port}${endpoint}`);
  if (auth !== undefined) {
    // RFC 9728, whenever auth is on: a minimal document when the app names no authorization server.
    const m = ownValue(auth, 'resourceMetadata');
    const resource = ownValue(m, 'resource') ?? url.href;
    const servers = ownValue(m, 'authorizationServers');
    const scopesSupported = ownValue(m, 'scopesSupported') ?? grants?.scopes;
    const resourceName = ownValue(m, 'resourceName');
    metadata = JSON.stringify({
      resource,
      ...(servers === undefined ? {} : { authorization_servers: servers }),
      ...(scopesSupported === undefined ? {} : { scopes_supported: scopesSupported }),
      ...(resourceName === undefined ? {} : { resource_name: resourceName }),
      bearer_methods_supported: ['header'],
    });
    challenge = {
      metadataUrl: new URL(`${METADATA_PATH}${new URL(resource).pathname}`, resource).href,
      ...(scopesSupported === undefined || scopesSupported.length === 0 ? {} : { scope: scopesSupported.join(' ') }),
      ...(grants === undefined ? {} : { grants }),
    };
  }

  return {
    url,
    sessions: () => handler.sessions,
    async close() {
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/**
 * The origins of pages this server itself could serve: `http://` with the address and port its socket is bound to
 * (none for an unspecified address such as `0.0.0.0`), and the name it was told to bind when that name is
 * `localhost` (which the system resolved to that address). No other loopback spelling: another process may own
 * `[::1]` at the same port.
 */
function ownOrigins(host: string, address: string, port: number): string[] {
  if (address === '0.0.0.0' || address === '::' || address === '') return [];
  // As a browser writes it: an IPv6 address in its shortest form, in brackets.
  const shown = isIPv6(address) ? new URL(`http://[${address}]`).hostname : address;
  const origins = [`http://${shown}:${port}`];
  if (/^localhost\.?$/i.test(host)) origins.push(`http://localhost:${port}`);
  return origins;
}

const AUTH_KEYS = ['verify', 'resourceMetadata', 'scopes', 'mapScopes'] as const;
const METADATA_KEYS = ['authorizationServers', 'scopesSupported', 'resource', 'resourceName'] as const;

/** The app's `auth`, checked before the port is bound: a mistake must not leave a server half started. */
function checkAuth(auth: McpHttpAuth): void {
  if (typeof auth !== 'object' || auth === null || Array.isArray(auth))
    throw new TypeError('serveHttp: auth must be an object { verify, resourceMetadata?, scopes?, mapScopes? }');
  const { problem } = ownOptions(auth, [...AUTH_KEYS]);
  if (problem !== undefined) throw new TypeError(`serveHttp: auth: ${problem}`);
  if (typeof ownValue(auth, 'verify') !== 'function')
    throw new TypeError(
      'serveHttp: auth.verify must be a function (token, request) => { principal, scopes, expiresAt? } | undefined',
    );
  const mapScopes = ownValue(auth, 'mapScopes');
  if (mapScopes !== undefined && typeof mapScopes !== 'function')
    throw new TypeError('serveHttp: auth.mapScopes must be a function (scopes, token) => PermissionSet, or left out');
  if (ownValue(auth, 'scopes') !== undefined && mapScopes !== undefined)
    throw new TypeError(
      'serveHttp: auth.scopes and auth.mapScopes both say what a scope grants; give one (scopes also enables the step-up)',
    );
  checkResourceMetadata(ownValue(auth, 'resourceMetadata'));
}

/** The app's RFC 9728 fields: what the document served at the well-known URL says. */
function checkResourceMetadata(m: McpHttpAuth['resourceMetadata']): void {
  const where = 'serveHttp: auth.resourceMetadata';
  if (m === undefined) return;
  if (typeof m !== 'object' || m === null || Array.isArray(m))
    throw new TypeError(
      `${where} must be an object { authorizationServers?, scopesSupported?, resource?, resourceName? }`,
    );
  const { problem } = ownOptions(m, [...METADATA_KEYS]);
  if (problem !== undefined) throw new TypeError(`${where}: ${problem}`);
  const scopes = ownValue(m, 'scopesSupported');
  if (scopes !== undefined && !Array.isArray(scopes))
    throw new TypeError(`${where}.scopesSupported must be a list of OAuth scopes`);
  // Each goes into a WWW-Authenticate header.
  for (const scope of scopes ?? [])
    if (!isScopeToken(scope))
      throw new TypeError(
        `${where}.scopesSupported: "${String(scope).slice(0, 80)}" is not an OAuth scope (printable ASCII, no spaces, quotes or backslashes)`,
      );
  const servers = ownValue(m, 'authorizationServers');
  if (servers !== undefined && !(Array.isArray(servers) && servers.every(isHttpUrl)))
    throw new TypeError(
      `${where}.authorizationServers must be a list of http(s) URLs (the issuers of the tokens it accepts)`,
    );
  const resource = ownValue(m, 'resource');
  if (resource !== undefined && !(isHttpUrl(resource) && !(resource as string).includes('#')))
    throw new TypeError(
      `${where}.resource must be an http(s) URL without a fragment (the endpoint as clients reach it), or left out`,
    );
  const name = ownValue(m, 'resourceName');
  if (name !== undefined && typeof name !== 'string')
    throw new TypeError(`${where}.resourceName must be a string, or left out`);
}

/** An absolute http: or https: URL: what a client may be sent to (never `javascript:` or `data:`). */
function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}
