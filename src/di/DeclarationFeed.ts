import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import type { ResourceUpdates } from '../registry/ResourceUpdates.js';

/**
 * Replaces a live toolset's tools (and resources, templates and prompts) in one registry with those compiled from `declarations`, under the toolset's grant,
 * guards and interceptors and the module's options, as at load. Returns the problems of the declarations it could not
 * take (an invalid schema, a name another toolset holds): those are left out, the others are in place.
 * @internal
 */
export type UpdateDeclarations = (declarations: readonly ToolDeclaration[]) => readonly DefinitionProblem[];

/**
 * The source of a toolset whose tools change while the registry runs (`mcpToolset`'s, following its server). Each
 * registry built with the toolset attaches once, after it has compiled the tools of the toolset's first
 * `declarations`; its resources, templates and prompts are put in place by the updates, so the feed sends one at once.
 * @internal
 */
export interface DeclarationFeed {
  /** `updates` is the registry's hub of resource changes: the feed tells it when one of its resources changed. */
  attach(update: UpdateDeclarations, updates: ResourceUpdates): void;
}
