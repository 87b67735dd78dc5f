import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { ownOptions } from '../internal/ownOptions.js';
import { isSpentApprovalStore } from '../mcp/isSpentApprovalStore.js';
import type { McpEndpointOptions } from './McpEndpointOptions.js';

/** The keys of {@link McpEndpointOptions}, and the handler's clock seam for tests. */
const KNOWN: readonly (keyof McpEndpointOptions & string)[] = [
  'path',
  'name',
  'version',
  'instructions',
  'pageSize',
  'guards',
  'caller',
  'stateless',
  'sessionIdleMs',
  'maxSessions',
  'maxSessionsPerPrincipal',
  'listChangedIntervalMs',
  'listTtlMs',
  'requestStateKey',
  'spentApprovals',
  'tasks',
  'allowedOrigins',
  'onSessionOpened',
  'onSessionClosed',
  'sessionClock' as keyof McpEndpointOptions & string,
];

/** What is wrong with the MCP endpoint's options, found at startup rather than on the first request. @internal */
export function mcpOptionProblems(given: McpEndpointOptions | undefined, fromFactory: boolean): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const problem = (message: string): void =>
    void problems.push({ where: 'HermesToolsModule mcp', code: 'invalid_module_option', message });
  if (fromFactory)
    problem(
      "forRootAsync's useFactory returned mcp, which comes too late to mount a route: give mcp to forRootAsync itself",
    );
  if (given === undefined) return problems;
  const { options: mcp, problem: unknown } = ownOptions(given, KNOWN);
  if (unknown !== undefined) problem(unknown);
  const positive = (name: 'sessionIdleMs' | 'maxSessions' | 'maxSessionsPerPrincipal'): void => {
    const value = mcp[name];
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0))
      problem(`${name} must be a number greater than 0, got ${String(value)}`);
  };
  positive('sessionIdleMs');
  positive('maxSessions');
  positive('maxSessionsPerPrincipal');
  if (mcp.pageSize !== undefined && !(typeof mcp.pageSize === 'number' && mcp.pageSize >= 1))
    problem(`pageSize must be a number of at least 1, got ${String(mcp.pageSize)}`);
  const interval = mcp.listChangedIntervalMs;
  if (interval !== undefined && !(typeof interval === 'number' && Number.isFinite(interval) && interval >= 0))
    problem(`listChangedIntervalMs must be a number of milliseconds (0 turns it off), got ${String(interval)}`);
  if (mcp.caller !== undefined && typeof mcp.caller !== 'function')
    problem('caller must be a function (request) => { caller, permissions, principal }');
  if (mcp.stateless !== undefined && typeof mcp.stateless !== 'boolean') problem('stateless must be true or false');
  const ttl = mcp.listTtlMs;
  if (ttl !== undefined && !(Number.isSafeInteger(ttl) && ttl >= 0))
    problem(`listTtlMs must be a whole number of milliseconds, 0 or more, got ${String(ttl)}`);
  const key = mcp.requestStateKey;
  if (
    key !== undefined &&
    !((typeof key === 'string' && Buffer.byteLength(key) >= 32) || (key instanceof Uint8Array && key.length >= 32))
  )
    problem(
      'requestStateKey must be a string or a Uint8Array of at least 32 bytes (a random key, shared by every replica)',
    );
  if (mcp.spentApprovals !== undefined && !isSpentApprovalStore(mcp.spentApprovals))
    problem('spentApprovals must be a SpentApprovalStore (isSpent and spend), such as new RedisSpentApprovals(...)');
  const tasks = mcp.tasks;
  if (tasks !== undefined && tasks !== false && (typeof tasks !== 'object' || tasks === null))
    problem('tasks must be task options ({ store, ... }) or false');
  return problems;
}
