import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { ContainerModule } from 'inversify';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { ToolContext } from '../contracts/ToolContext.js';
import { loadToolset } from '../di/toolset.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import type { ToolOptions } from '../metadata/ToolOptions.js';
import { jsonSchemaToShape } from '../schema/jsonSchemaToShape.js';
import type { Shape } from '../schema/Shape.js';
import type { McpToolsetOptions } from './McpToolsetOptions.js';
import { RemoteServer } from './RemoteServer.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** The module `mcpToolset` returns: load it with `await container.loadAsync(module)`, and close it when done. */
export interface McpToolsetModule extends ContainerModule {
  /** Closes the connection (a spawned server exits) and stops reconnecting. Its tools become unavailable. */
  close(): Promise<void>;
}

/**
 * A container module holding the tools of another MCP server, spawned over stdio or reached over
 * Streamable HTTP. Loading it (`await container.loadAsync(...)`: the load is asynchronous) connects and lists the remote tools;
 * each becomes a registered tool named `<prefix><remote name>`, validated locally against the
 * remote's input schema and run through the same guards, approvals, interceptors, deadline and
 * audit as a local tool, under this toolset's `granted`. A schema the local model cannot hold
 * fails the load with one ToolDefinitionError naming every such tool.
 *
 * @example
 * const files = mcpToolset({ name: 'files', server: { command: 'npx', args: ['@modelcontextprotocol/server-filesystem', '/srv/data'] }, granted: PermissionSet.of('files:call') });
 * await container.loadAsync(toolsModule(), files);
 */
export function mcpToolset(options: McpToolsetOptions): McpToolsetModule {
  const remote = new RemoteServer(options);
  // One class per toolset: its bound instance holds the handlers of this server's tools.
  const Handlers = { [`McpToolset(${options.name})`]: class {} }[`McpToolset(${options.name})`]!;
  const module = new ContainerModule(async (load) => {
    const problems: DefinitionProblem[] = [];
    const server = options.server as unknown as Record<string, unknown> | undefined;
    if (typeof server !== 'object' || server === null || (typeof server.command === 'string') === (server.url !== undefined)) {
      throw new ToolDefinitionError([
        { where: `mcpToolset "${options.name}"`, code: 'invalid_toolset', message: 'server must be { command, args?, env? } (stdio) or { url, headers? } (Streamable HTTP)' },
      ]);
    }
    const tools = await remote.start();
    const handlers: Record<string, (input: unknown, ctx: ToolContext) => Promise<unknown>> = Object.create(null);
    const declarations = tools.flatMap((tool) => {
      const declaration = toDeclaration(tool, options, Handlers, remote, problems);
      if (declaration !== undefined) handlers[declaration.method] = (input, ctx) => remote.call(tool.name, input, ctx);
      return declaration ?? [];
    });
    if (problems.length > 0) {
      await remote.close();
      throw new ToolDefinitionError(problems);
    }
    remote.register(tools);
    load.bind(Handlers).toConstantValue(handlers);
    loadToolset(load, {
      name: options.name,
      tools: [],
      granted: options.granted,
      guards: options.guards ?? [],
      interceptors: options.interceptors ?? [],
      declarations,
    });
  });
  return Object.assign(module, { close: () => remote.close() });
}

function toDeclaration(tool: Tool, options: McpToolsetOptions, target: Function, remote: RemoteServer, problems: DefinitionProblem[]): ToolDeclaration | undefined {
  const where = `mcpToolset "${options.name}" tool "${tool.name}"`;
  const name = `${options.prefix ?? `${options.name}.`}${tool.name}`;
  const start = problems.length;
  if (!NAME.test(name)) problems.push({ where, code: 'invalid_name', message: `its name "${name}" must match ${NAME.source}; choose another prefix` });
  const schema = tool.inputSchema as unknown as JsonSchema;
  const shape = jsonSchemaToShape(schema, where, problems);
  if (shape.kind !== 'object') problems.push({ where, code: 'invalid_schema', message: 'its input schema must be an object schema' });
  if (problems.length > start || shape.kind !== 'object') return undefined;
  // Unknown keys are refused as for a local tool, unless the remote explicitly accepts them.
  const input: Shape = schema.additionalProperties === undefined ? { ...shape, additionalProperties: false } : shape;
  const a = tool.annotations ?? {};
  const hint = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
  const hints = {
    readOnly: hint(a.readOnlyHint),
    destructive: hint(a.destructiveHint),
    idempotent: hint(a.idempotentHint),
    openWorld: hint(a.openWorldHint),
  };
  const toolOptions: ToolOptions = {
    name,
    description: tool.description?.trim() || tool.title || a.title || `Calls "${tool.name}" on the MCP server "${options.name}".`,
    ...Object.fromEntries(Object.entries(hints).filter(([, v]) => v !== undefined)),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    metadata: { mcp: { server: options.name, tool: tool.name, ...((tool.title ?? a.title) !== undefined && { title: tool.title ?? a.title }) } },
  };
  return {
    target,
    method: `tool:${tool.name}`,
    where,
    options: toolOptions,
    permissions: [...(options.permissions ?? [`${options.name}:call`])],
    examples: [],
    classInterceptors: [],
    methodInterceptors: [],
    classGuards: [],
    methodGuards: [],
    approval: undefined,
    requires: [
      {
        check: () => remote.isAvailable(tool.name),
        description: `the MCP server "${options.name}", connected and offering "${tool.name}" as it did at load`,
      },
    ],
    params: new Map(),
    paramTypes: undefined,
    arity: 2,
    input,
  };
}
