import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { McpEndpointOptions } from './McpEndpointOptions.js';

/** What is wrong with the MCP endpoint's options, found at startup rather than on the first request. @internal */
export function mcpOptionProblems(mcp: McpEndpointOptions | undefined, fromFactory: boolean): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const problem = (message: string): void =>
    void problems.push({ where: 'HermesToolsModule mcp', code: 'invalid_module_option', message });
  if (fromFactory)
    problem(
      "forRootAsync's useFactory returned mcp, which comes too late to mount a route: give mcp to forRootAsync itself",
    );
  if (mcp === undefined) return problems;
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
  return problems;
}
