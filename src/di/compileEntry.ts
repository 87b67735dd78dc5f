import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import { compileTool } from '../tools/compileTool.js';
import { coreOf, createRegisteredTool } from '../tools/createRegisteredTool.js';
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
  if (core?.entry === undefined) return;
  placeEntry(createRegisteredTool(core), declaration.where, toolset, into, problems);
}

/**
 * Puts a compiled entry in `into`, unless its name (among resources and templates, or among prompts) or its URI is
 * taken there: then a problem says by whom, and it is left out. Returns whether it was put.
 */
export function placeEntry(
  tool: RegisteredTool,
  where: string,
  toolset: string,
  into: EntryList,
  problems: DefinitionProblem[],
): boolean {
  const entry = coreOf(tool).entry;
  if (entry === undefined) return false;
  const kind = entry.kind === 'prompt' ? 'prompt' : 'resource';
  const here = `${where} in toolset "${toolset}"`;
  const keys = [`${kind} name ${tool.name}`, ...(entry.uri === undefined ? [] : [`URI ${entry.uri}`])];
  const owners = into.owners;
  for (const key of keys) {
    const owner = owners.get(key);
    if (owner !== undefined) {
      problems.push({
        where,
        code: 'duplicate_entry',
        message: `the ${key} is already declared by ${owner}; each must be unique`,
      });
      return false;
    }
  }
  for (const key of keys) owners.set(key, here);
  (kind === 'prompt' ? into.prompts : into.resources).push(tool);
  return true;
}
