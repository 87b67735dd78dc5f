import type { Tool } from '@modelcontextprotocol/server';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';

/** The dialect every listed schema declares (`$schema`), as MCP's JSON Schema rules ask. */
export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * A tool as MCP's `tools/list` shows it: the model description, the input schema, the output schema
 * when it is an object (MCP allows no other), annotations from the tool's metadata, and
 * `execution.taskSupport` when the tool declares `task`, `x-mcp-header` on each argument declared as a header, and
 * the `$defs` its declared schemas carry (kept as written; the properties have their references resolved in place).
 * Pure: it loads nothing from the MCP SDK.
 */
export function toMcpTool(definition: ToolDefinition): Tool {
  const annotations: NonNullable<Tool['annotations']> = {};
  if (definition.readOnly !== undefined) annotations.readOnlyHint = definition.readOnly;
  if (definition.destructive !== undefined) annotations.destructiveHint = definition.destructive;
  if (definition.idempotent !== undefined) annotations.idempotentHint = definition.idempotent;
  if (definition.openWorld !== undefined) annotations.openWorldHint = definition.openWorld;
  const tool: Tool = {
    name: definition.name,
    description: definition.modelDescription,
    inputSchema: {
      $schema: JSON_SCHEMA_2020_12,
      ...definition.inputSchema,
      ...(definition.headers !== undefined && { properties: withHeaders(definition) }),
      ...(definition.inputDefs !== undefined && { $defs: definition.inputDefs }),
    } as unknown as Tool['inputSchema'],
  };
  if (hasObjectOutput(definition))
    tool.outputSchema = { $schema: JSON_SCHEMA_2020_12, ...definition.outputSchema } as unknown as Tool['outputSchema'];
  if (Object.keys(annotations).length > 0) tool.annotations = annotations;
  if (definition.task !== undefined) tool.execution = { taskSupport: definition.task };
  return tool;
}

/** Whether a result of this tool goes to MCP as `structuredContent`. */
export function hasObjectOutput(definition: ToolDefinition): boolean {
  return definition.outputSchema !== undefined && definition.outputSchema.type === 'object';
}

/** The input schema's properties, each argument declared as a header marked with its `x-mcp-header`. */
function withHeaders(definition: ToolDefinition): Record<string, unknown> {
  const properties = { ...(definition.inputSchema.properties as Record<string, object>) };
  for (const [arg, header] of Object.entries(definition.headers ?? {}))
    properties[arg] = { ...properties[arg], 'x-mcp-header': header };
  return properties;
}
