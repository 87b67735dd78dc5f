import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import type { Shape } from '../schema/Shape.js';
import { shapeToJsonSchema } from '../schema/shapeToJsonSchema.js';
import { renderModelDescription } from './renderModelDescription.js';

/**
 * The definition a kernel shows a model, from a checked declaration and its input and output Shapes. Not yet frozen.
 */
export function buildDefinition(
  declaration: ToolDeclaration,
  toolset: string,
  input: Shape,
  output: Shape | undefined,
  headers?: Readonly<Record<string, string>>,
  defs?: Readonly<Record<string, JsonSchema>>,
): ToolDefinition {
  const { options, permissions, examples } = declaration;
  const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
    value === undefined ? {} : ({ [key]: value } as { [P in K]: V });
  // checkToolOptions refused a tool without one, so this is never the empty string.
  const description = options.description ?? '';
  return {
    name: options.name,
    description,
    modelDescription: renderModelDescription(options.name, description, options.deprecated, examples),
    toolset,
    inputSchema: shapeToJsonSchema(input),
    ...(output !== undefined && { outputSchema: shapeToJsonSchema(output) }),
    tags: [...(options.tags ?? [])],
    permissions: [...new Set(permissions)],
    ...optional('version', options.version),
    ...optional('deprecated', options.deprecated),
    ...optional('idempotent', options.idempotent),
    ...optional('readOnly', options.readOnly),
    ...optional('destructive', options.destructive),
    ...optional('openWorld', options.openWorld),
    ...optional('task', options.task),
    examples: examples.map((e) => ({ ...e })),
    ...optional('metadata', options.metadata),
    ...optional('headers', headers),
    ...optional('inputDefs', defs),
  };
}
