import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import { LiveTools } from '../registry/LiveTools.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';
import { EntryList } from './EntryList.js';
import { placeEntry } from './placeEntry.js';

/**
 * The resources, templates and prompts of a live toolset (a remote MCP server's): put in place again from each new set
 * of declarations its feed brings, as its tools are. A declaration given again keeps what it compiled to.
 */
export class LiveEntries {
  readonly resources: LiveTools;
  readonly prompts: LiveTools;
  /** The names and URIs this toolset's entries hold now, and by which declaration. */
  owners: ReadonlyMap<string, string> = new Map();
  #compiled = new Map<ToolDeclaration, RegisteredTool>();

  constructor(
    readonly toolset: string,
    /** Compiles one declaration with the toolset's environment, its problems pushed to `into`. */
    private readonly compile: (declaration: ToolDeclaration, into: DefinitionProblem[]) => RegisteredTool | undefined,
  ) {
    this.resources = new LiveTools(toolset);
    this.prompts = new LiveTools(toolset);
  }

  /**
   * Puts in place the entries of `declarations`. A name or URI held by a fixed entry (`taken`) or by another live
   * toolset's (`others`) is a problem, and that entry is left out.
   */
  replace(
    declarations: readonly ToolDeclaration[],
    taken: ReadonlyMap<string, string>,
    others: readonly LiveEntries[],
  ): DefinitionProblem[] {
    const problems: DefinitionProblem[] = [];
    const into = new EntryList();
    for (const owners of [taken, ...others.filter((o) => o !== this).map((o) => o.owners)])
      for (const [key, owner] of owners) into.owners.set(key, owner);
    const held = new Set(into.owners.keys());
    const compiled = new Map<ToolDeclaration, RegisteredTool>();
    for (const declaration of declarations) {
      const tool = this.#compiled.get(declaration) ?? this.compile(declaration, problems);
      if (tool === undefined) continue;
      if (placeEntry(tool, declaration.where, this.toolset, into, problems)) compiled.set(declaration, tool);
    }
    this.#compiled = compiled;
    this.owners = new Map([...into.owners].filter(([key]) => !held.has(key)));
    this.resources.replace(new Map(into.resources.map((tool) => [tool.name, tool])));
    this.prompts.replace(new Map(into.prompts.map((tool) => [tool.name, tool])));
    return problems;
  }
}
