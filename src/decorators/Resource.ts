import type { ResourceOptions } from '../metadata/EntryOptions.js';
import { markEntry } from './markEntry.js';

/**
 * Marks a resource at a fixed URI. On a method of an `@injectable()` service (or of a class listed in a toolset), the
 * method reads it; on a class, its `execute` method does. It returns text, bytes, or bodies (`{ text }`, `{ blob,
 * mimeType }`), and is called through the same pipeline as a tool: `@Permissions`, `@UseGuards`, interceptors, audit.
 *
 * @example
 * @Resource({ uri: 'docs://handbook', name: 'handbook', description: 'The staff handbook.', mimeType: 'text/markdown' })
 * handbook() { return readFileSync('handbook.md', 'utf8'); }
 */
export function Resource(options: ResourceOptions): ClassDecorator & MethodDecorator {
  return markEntry({ kind: 'resource', options });
}
