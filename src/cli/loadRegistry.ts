import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ToolError } from '../errors/ToolError.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import { COMPILE_WITH_TSC, isTypeScriptFile, nodeStripsTypes } from '../tools/typeStripping.js';
import { UsageError } from './UsageError.js';

/**
 * Loads a module and finds its registry: the export `registry`, `container` or `default`, each a
 * ToolRegistry, an Inversify container holding one, or a function (possibly async) returning either.
 */
export async function loadRegistry(file: string): Promise<ToolRegistry> {
  const url = pathToFileURL(path.resolve(file));
  const shown = file;
  // Converted to a UsageError that names the file and why it cannot be read.
  await access(url).catch((error: unknown) => {
    const code = (error as { code?: unknown } | undefined)?.code;
    throw new UsageError(
      `cannot read the module ${file}: ${code === 'ENOENT' || code === undefined ? 'no such file' : String(code)}`,
    );
  });
  let exports: Record<string, unknown>;
  try {
    exports = (await import(url.href)) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const hint = !isTypeScriptFile(url.pathname)
      ? ''
      : !nodeStripsTypes()
        ? '; compile it to JavaScript first (node cannot import TypeScript)'
        : error instanceof SyntaxError
          ? `; ${COMPILE_WITH_TSC}`
          : '';
    throw new UsageError(`cannot load the module ${shown}: ${reason}${hint}`);
  }
  for (const name of ['registry', 'container', 'default']) {
    if (exports[name] === undefined) continue;
    const registry = await toRegistry(exports[name], `${shown} (export "${name}")`);
    if (registry !== undefined) return registry;
  }
  throw new UsageError(
    `the module ${shown} exports no registry: export "registry", "container" or a default that is a ToolRegistry, a container, or a function returning one`,
  );
}

async function toRegistry(value: unknown, where: string, depth = 0): Promise<ToolRegistry | undefined> {
  if (value instanceof ToolRegistry) return value;
  if (typeof value === 'function' && depth === 0) {
    let produced: unknown;
    try {
      produced = await (value as () => unknown)();
    } catch (error) {
      throw new UsageError(`${where} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
    return toRegistry(produced, where, 1);
  }
  if (typeof value === 'object' && value !== null && typeof (value as { get?: unknown }).get === 'function') {
    try {
      return (value as { get(id: unknown): unknown }).get(ToolRegistry) as ToolRegistry;
    } catch (error) {
      // A ToolDefinitionError lists every wiring problem, one per line: all of them are wanted.
      const message =
        error instanceof ToolError
          ? error.message
          : error instanceof Error
            ? error.message.split('\n')[0]
            : String(error);
      throw new UsageError(`${where} is a container that cannot build its ToolRegistry: ${message}`);
    }
  }
  return undefined;
}
