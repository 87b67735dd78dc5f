import type { CallerIdentity } from '../registry/CallerIdentity.js';

/** Who an MCP request on the Nest endpoint is for: the identity of `registry.forCaller`, and who owns a session. */
export interface McpCallerIdentity extends CallerIdentity {
  /**
   * Who the caller is, as a stable string: a session may be used only by requests with the
   * principal of the one that opened it, and a stateless call cancelled only by its own principal.
   * Default: `caller` when it is a string or a number, else its `id` or `sub` when that is one;
   * `undefined` when `caller` is (anonymous, as `serveHttp` without `auth`). A caller that is an
   * object with neither needs it: such a request is answered 500, saying so.
   */
  readonly principal?: string;
}
