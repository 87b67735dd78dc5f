import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import type { Shape } from '../schema/Shape.js';

/** RFC 9110's token: what an HTTP field name may be. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;

/**
 * The arguments a tool copies into HTTP headers (`@Arg({ header })`), checked against what MCP's `x-mcp-header`
 * allows: a token, unique whatever its case, on a string, integer or boolean argument. Undefined when there are none.
 */
export function argHeaders(
  declaration: ToolDeclaration,
  input: Shape,
  problems: DefinitionProblem[],
): Readonly<Record<string, string>> | undefined {
  const headers: Record<string, string> = {};
  const seen = new Map<string, string>();
  // In parameter order: decorators record the last parameter first.
  const params = [...declaration.params].sort(([a], [b]) => a - b).map(([, param]) => param);
  for (const param of params) {
    if (param.kind !== 'arg' || !Object.hasOwn(param.options, 'header')) continue;
    const header: unknown = param.options.header;
    const where = `${declaration.where} @Arg('${param.name}')`;
    if (typeof header !== 'string' || !TOKEN.test(header)) {
      problems.push({
        where,
        code: 'invalid_header',
        message: `header must be an HTTP field name (letters, digits and !#$%&'*+-.^_\`|~, at most 64), such as 'Region'; got ${String(JSON.stringify(header)).slice(0, 80)}`,
      });
      continue;
    }
    const shape = input.kind === 'object' ? input.properties.find((p) => p.name === param.name)?.shape : undefined;
    const kind = shape?.kind === 'number' ? (shape.integer ? 'integer' : 'number') : shape?.kind;
    if (kind !== 'string' && kind !== 'integer' && kind !== 'boolean') {
      problems.push({
        where,
        code: 'invalid_header',
        message: `only a string, integer or boolean argument can be a header; this one is ${kind ?? 'of no single type'}`,
      });
      continue;
    }
    const other = seen.get(header.toLowerCase());
    if (other !== undefined) {
      problems.push({
        where,
        code: 'invalid_header',
        message: `header "${header}" is already the header of "${other}" (header names are compared without case)`,
      });
      continue;
    }
    seen.set(header.toLowerCase(), param.name);
    headers[param.name] = header;
  }
  return seen.size === 0 ? undefined : headers;
}
