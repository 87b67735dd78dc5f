import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { coreOf } from '../tools/createRegisteredTool.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';
import type { EntryList } from './EntryList.js';

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
