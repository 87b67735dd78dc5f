import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { ContainerModule } from 'inversify';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { ToolContext } from '../contracts/ToolContext.js';
import { loadToolset } from '../di/toolset.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import type { ToolOptions } from '../metadata/ToolOptions.js';
import { ownValue } from '../internal/ownValue.js';
import { jsonSchemaToShape } from '../schema/jsonSchemaToShape.js';
import type { Shape } from '../schema/Shape.js';
import type { McpToolsetOptions } from './McpToolsetOptions.js';
import { readToolsetOptions, type ToolsetSettings } from './readToolsetOptions.js';
import { RemoteServer } from './RemoteServer.js';
import { schemaExcess } from './schemaExcess.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** The module `mcpToolset` returns: load it with `await container.loadAsync(module)`, and close it when done. */
export interface McpToolsetModule extends ContainerModule {
  /** Closes the connection (a spawned server exits) and stops reconnecting. Its tools become unavailable. */
  close(): Promise<void>;
}

/**
 * A container module holding the tools of another MCP server, spawned over stdio or reached over
 * Streamable HTTP. Loading it (`await container.loadAsync(...)`: the load is asynchronous) connects and lists the
 * remote tools;
 * each becomes a registered tool named `<prefix><remote name>`, validated locally against the
 * remote's input schema and run through the same guards, approvals, interceptors, deadline and
 * audit as a local tool, under this toolset's `granted`. A schema the local model cannot hold
 * fails the load with one ToolDefinitionError naming every such tool.
 *
 * @example
 * const files = mcpToolset({ name: 'files', server: { command: 'npx', args: ['@modelcontextprotocol/server-filesystem',
 * '/srv/data'] }, granted: PermissionSet.of('files:call') });
 * await container.loadAsync(toolsModule(), files);
 */
export function mcpToolset(options: McpToolsetOptions): McpToolsetModule {
  const { settings, problems: optionProblems } = readToolsetOptions(options);
  const remote = new RemoteServer(settings);
  // One class per toolset: its bound instance holds the handlers of this server's tools.
  const Handlers = { [`McpToolset(${settings.name})`]: class {} }[`McpToolset(${settings.name})`]!;
  const module = new ContainerModule(async (load) => {
    if (optionProblems.length > 0) throw new ToolDefinitionError(optionProblems);
    const problems: DefinitionProblem[] = [];
    const listed = await remote.start();
    const tools = listed.filter((tool) => {
      const excess = schemaExcess(tool.inputSchema, settings.limits.maxSchemaChars, settings.limits.maxEnumValues);
      if (excess !== undefined) {
        settings.logger.warn("hermes-tools: a remote tool is refused; the server's other tools are served", {
          toolset: settings.name,
          tool: tool.name.slice(0, 200),
          reason: excess,
        });
      }
      return excess === undefined;
    });
    const handlers: Record<string, (input: unknown, ctx: ToolContext) => Promise<unknown>> = Object.create(null);
    const declarations = tools.flatMap((tool) => {
      const declaration = toDeclaration(tool, settings, Handlers, remote, problems);
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
      name: settings.name,
      tools: [],
      granted: settings.granted,
      guards: settings.guards,
      interceptors: settings.interceptors,
      scope: 'singleton',
      declarations,
    });
  });
  return Object.assign(module, { close: () => remote.close() });
}

function toDeclaration(
  tool: Tool,
  settings: ToolsetSettings,
  target: Function,
  remote: RemoteServer,
  problems: DefinitionProblem[],
): ToolDeclaration | undefined {
  const where = `mcpToolset "${settings.name}" tool "${tool.name}"`;
  const name = `${settings.prefix}${tool.name}`;
  const start = problems.length;
  if (!NAME.test(name))
    problems.push({
      where,
      code: 'invalid_name',
      message: `its name "${name}" must match ${NAME.source}; choose another prefix`,
    });
  const schema = tool.inputSchema as unknown as JsonSchema;
  const shape = jsonSchemaToShape(schema, where, problems);
  if (shape.kind !== 'object')
    problems.push({ where, code: 'invalid_schema', message: 'its input schema must be an object schema' });
  if (problems.length > start || shape.kind !== 'object') return undefined;
  // Unknown keys are refused as for a local tool, unless the remote explicitly accepts them.
  const input: Shape =
    ownValue(schema, 'additionalProperties') === undefined ? { ...shape, additionalProperties: false } : shape;
  // Own keys only: an inherited readOnlyHint (a polluted Object.prototype) must not skip the approval policy.
  const a: NonNullable<Tool['annotations']> = ownValue(tool, 'annotations') ?? {};
  const hintOf = (key: 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint' | 'title'): unknown =>
    ownValue(a, key);
  const hint = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
  const trusted = settings.trustReadOnly.has(tool.name);
  const readOnly = trusted || hint(hintOf('readOnlyHint'));
  // The MCP spec's defaults: a tool may be destructive unless it says it is read-only or not destructive.
  const destructiveHint = hintOf('destructiveHint');
  const destructive = trusted ? false : destructiveHint === true || (destructiveHint !== false && readOnly !== true);
  const hints = {
    readOnly,
    destructive,
    idempotent: hint(hintOf('idempotentHint')),
    openWorld: hint(hintOf('openWorldHint')),
  };
  const maxChars = settings.limits.maxDescriptionChars;
  const givenTitle = ownValue(tool, 'title') ?? hintOf('title');
  const title = typeof givenTitle === 'string' ? clipText(givenTitle, maxChars) : undefined;
  const givenDescription = ownValue(tool, 'description');
  // No prototype: the registry reads each option, and none may come from a polluted Object.prototype.
  const toolOptions: ToolOptions = Object.assign(Object.create(null) as object, {
    name,
    description: clipText(
      (typeof givenDescription === 'string' && givenDescription.trim()) ||
        title ||
        `Calls "${tool.name}" on the MCP server "${settings.name}".`,
      maxChars,
    ),
    ...Object.fromEntries(Object.entries(hints).filter(([, v]) => v !== undefined)),
    ...(settings.timeoutMs !== undefined && { timeoutMs: settings.timeoutMs }),
    metadata: { mcp: { server: settings.name, tool: tool.name, ...(title !== undefined && { title }) } },
  });
  return {
    target,
    method: `tool:${tool.name}`,
    where,
    options: toolOptions,
    permissions: [...settings.permissions],
    examples: [],
    classInterceptors: [],
    methodInterceptors: [],
    classGuards: [],
    methodGuards: [],
    approval: undefined,
    requires: [
      {
        check: () => remote.isAvailable(tool.name),
        description: `the MCP server "${settings.name}", connected and offering "${tool.name}" as it did at load`,
      },
    ],
    params: new Map(),
    paramTypes: undefined,
    arity: 2,
    input,
  };
}

/** The text, or its first `max` characters and a marker saying it was clipped. */
function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  // A cut between the halves of a surrogate pair would leave half a character.
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return `${text.slice(0, end)}… [clipped: the remote server sent ${text.length} characters]`;
}
