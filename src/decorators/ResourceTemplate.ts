import type { ResourceTemplateOptions } from '../metadata/EntryOptions.js';
import { markEntry } from './markEntry.js';

/**
 * Marks a family of resources by a URI template (RFC 6570 levels 1 and 2). Each variable is an `@Arg` of the method,
 * validated like a tool's before the method runs. A URI matching several templates is read by the most specific: a
 * fixed URI first, then the template with the longest literal prefix, then the one with the most literal characters.
 *
 * @example
 * @ResourceTemplate({ uriTemplate: 'orders://{id}', name: 'order', description: 'One order, as JSON.' })
 * order(@Arg('id', { pattern: '^[0-9]+$' }) id: string) { … }
 */
export function ResourceTemplate(options: ResourceTemplateOptions): ClassDecorator & MethodDecorator {
  return markEntry({ kind: 'template', options });
}
