import { createHash, timingSafeEqual } from 'node:crypto';
import { PermissionSet } from '../permissions/PermissionSet.js';
import type { McpHttpAuth } from './McpHttpAuth.js';

/**
 * Authentication by one shared bearer token, for simple deployments (`serve --token-env NAME`).
 * Tokens are compared in constant time: both sides are hashed to equal-length digests first, so
 * neither the content nor the length of the expected token leaks through timing. A holder of the
 * token is `principal` and gets every permission the toolsets grant.
 */
export function staticTokenAuth(expected: string, principal = 'token-holder'): McpHttpAuth {
  if (typeof expected !== 'string' || expected.length < 16) {
    throw new TypeError(
      'staticTokenAuth: the expected token must be a string of at least 16 characters; generate one with `openssl rand -hex 32`',
    );
  }
  const digest = createHash('sha256').update(expected).digest();
  return {
    verify: (token) =>
      timingSafeEqual(createHash('sha256').update(token).digest(), digest) ? { principal, scopes: [] } : undefined,
    mapScopes: () => PermissionSet.all(),
  };
}
