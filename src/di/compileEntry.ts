import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import { compileTool } from '../tools/compileTool.js';
import { createRegisteredTool } from '../tools/createRegisteredTool.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';
import type { ToolEnvironment } from '../tools/ToolEnvironment.js';

/** The resources and prompts a registry build compiled, and who declared each name and URI. */
export class EntryList {
  readonly resources: RegisteredTool[] = [];
  readonly prompts: RegisteredTool[] = [];
  /** Each name and URI taken, and by which declaration. */
  readonly owners = new Map<string, string>();
}

/**
 * Compiles one resource, template or prompt declaration through the tools' compiler (its pipeline, its checks) into
 * `into`: a name used twice among resources and templates, or among prompts, and a URI or URI template declared
 * twice, are problems.
 */
export function compileEntry(
  declaration: ToolDeclaration,
  env: ToolEnvironment,
  toolset: string,
  into: EntryList,
  problems: DefinitionProblem[],
): void {
  const core = compileTool(declaration, env, problems);
  const entry = core?.entry;
  if (core === undefined || entry === undefined) return;
  const kind = entry.kind === 'prompt' ? 'prompt' : 'resource';
  const here = `${declaration.where} in toolset "${toolset}"`;
  const keys = [`${kind} name ${core.definition.name}`, ...(entry.uri === undefined ? [] : [`URI ${entry.uri}`])];
  const owners = into.owners;
  for (const key of keys) {
    const owner = owners.get(key);
    if (owner !== undefined) {
      problems.push({
        where: declaration.where,
        code: 'duplicate_entry',
        message: `the ${key} is already declared by ${owner}; each must be unique`,
      });
      return;
    }
  }
  for (const key of keys) owners.set(key, here);
  (kind === 'prompt' ? into.prompts : into.resources).push(createRegisteredTool(core));
}
