import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';

/**
 * The `$defs` that the JSON Schemas of a tool's `@Arg` types declare, gathered for a listing that keeps them (MCP's:
 * JSON Schema 2020-12 keywords are preserved as written); their references are resolved in place in the input schema
 * either way. A name two arguments define differently is a problem. Undefined when there are none.
 */
export function inputDefs(
  declaration: ToolDeclaration,
  problems: DefinitionProblem[],
): Readonly<Record<string, JsonSchema>> | undefined {
  // No prototype: a definition named __proto__ is a key like any other.
  const defs: Record<string, JsonSchema> = Object.create(null);
  const owners = new Map<string, string>();
  const params = [...declaration.params].sort(([a], [b]) => a - b).map(([, param]) => param);
  for (const param of params) {
    if (param.kind !== 'arg') continue;
    const type: unknown = param.options.type;
    if (typeof type !== 'object' || type === null || !Object.hasOwn(type, '$defs')) continue;
    const declared = (type as { $defs: unknown }).$defs;
    // jsonSchemaToShape reports a $defs that is not an object of schemas.
    if (typeof declared !== 'object' || declared === null || Array.isArray(declared)) continue;
    for (const [name, schema] of Object.entries(declared as Record<string, JsonSchema>)) {
      const owner = owners.get(name);
      if (owner === undefined) {
        owners.set(name, param.name);
        // A copy: the definition is frozen, and the schema is the app's own object.
        defs[name] = JSON.parse(JSON.stringify(schema)) as JsonSchema;
      } else if (JSON.stringify(defs[name]) !== JSON.stringify(schema)) {
        problems.push({
          where: `${declaration.where} @Arg('${param.name}')`,
          code: 'invalid_schema',
          message: `"$defs" names "${name}" as @Arg('${owner}') does, with another schema; give one of them another name`,
        });
      }
    }
  }
  return owners.size === 0 ? undefined : defs;
}
