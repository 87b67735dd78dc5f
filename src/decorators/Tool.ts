import { metadataKeys } from '../metadata/metadataKeys.js';
import type { ToolOptions } from '../metadata/ToolOptions.js';
import { updateOwnMetadata } from '../metadata/updateOwnMetadata.js';

/**
 * Marks a tool. On a class, the class is one tool whose handler is its `execute` method, and the
 * class needs no `@injectable()` (toolset() makes it injectable). On a method of an `@injectable()` service, that
 * method is one tool.
 *
 * @example
 * @Tool({ name: 'fs.read', description: 'Read a UTF-8 text file from disk.', idempotent: true })
 * class ReadFile {
 *   execute(@Arg('path') path: string) { … }
 * }
 */
export function Tool(options: ToolOptions): ClassDecorator & MethodDecorator {
  return ((target: object, property?: string | symbol) => {
    if (property === undefined) {
      Reflect.defineMetadata(metadataKeys.classTool, options, target);
      return;
    }
    updateOwnMetadata<ReadonlyMap<string | symbol, ToolOptions>>(
      metadataKeys.methodTools,
      target.constructor,
      undefined,
      () => new Map(),
      (current) => new Map(current).set(property, options),
    );
  }) as ClassDecorator & MethodDecorator;
}
