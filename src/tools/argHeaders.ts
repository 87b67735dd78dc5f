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
  const headers: Record<string, string> = Object.create(null);
  const seen = new Map<string, string>();
  // In parameter order: decorators record the last parameter first. A declaration built without decorators gives its
  // headers outright.
  const declared =
    declaration.headers !== undefined
      ? Object.entries(declaration.headers).map(([name, header]) => ({
          name,
          header: header as unknown,
          where: declaration.where,
        }))
      : [...declaration.params]
          .sort(([a], [b]) => a - b)
          .flatMap(([, param]) =>
            param.kind === 'arg' && Object.hasOwn(param.options, 'header')
              ? [
                  {
                    name: param.name,
                    header: param.options.header as unknown,
                    where: `${declaration.where} @Arg('${param.name}')`,
                  },
                ]
              : [],
          );
  for (const { name, header, where } of declared) {
    if (typeof header !== 'string' || !TOKEN.test(header)) {
      problems.push({
        where,
        code: 'invalid_header',
        message: `header must be an HTTP field name (letters, digits and !#$%&'*+-.^_\`|~, at most 64), such as 'Region'; got ${String(JSON.stringify(header)).slice(0, 80)}`,
      });
      continue;
    }
    const shape = input.kind === 'object' ? input.properties.find((p) => p.name === name)?.shape : undefined;
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
    seen.set(header.toLowerCase(), name);
    headers[name] = header;
  }
  return seen.size === 0 ? undefined : headers;
}
