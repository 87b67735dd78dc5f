import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import { compileTool } from '../tools/compileTool.js';
import { createRegisteredTool } from '../tools/createRegisteredTool.js';
import type { ToolEnvironment } from '../tools/ToolEnvironment.js';
import type { EntryList } from './EntryList.js';
import { placeEntry } from './placeEntry.js';

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
