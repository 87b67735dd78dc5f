import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Container } from 'inversify';
import { ToolError } from '../errors/ToolError.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import { COMPILE_WITH_TSC, isTypeScriptFile, nodeStripsTypes } from '../tools/typeStripping.js';
import { UsageError } from './UsageError.js';

/** Adds to a module's container before its registry is built (the CLI's --remote toolsets). */
export type ExtendContainer = (container: Container) => Promise<void>;

/**
 * Loads a module and finds its registry: the export `registry`, `container` or `default`, each a
 * ToolRegistry, an Inversify container holding one, or a function (possibly async) returning either.
 * With `extend`, the module must give a container whose registry is not built yet: `extend` loads
 * into it first.
 */
export async function loadRegistry(file: string, extend?: ExtendContainer): Promise<ToolRegistry> {
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
    const registry = await toRegistry(exports[name], `${shown} (export "${name}")`, extend);
    if (registry !== undefined) return registry;
  }
  throw new UsageError(
    `the module ${shown} exports no registry: export "registry", "container" or a default that is a ToolRegistry, a container, or a function returning one`,
  );
}

async function toRegistry(
  value: unknown,
  where: string,
  extend: ExtendContainer | undefined,
  depth = 0,
): Promise<ToolRegistry | undefined> {
  if (value instanceof ToolRegistry) {
    if (extend === undefined) return value;
    throw new UsageError(
      `${where} is a built ToolRegistry, to which --remote cannot add toolsets: export the container (or a function returning it) instead`,
    );
  }
  if (typeof value === 'function' && depth === 0) {
    let produced: unknown;
    try {
      produced = await (value as () => unknown)();
    } catch (error) {
      throw new UsageError(`${where} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
    return toRegistry(produced, where, extend, 1);
  }
  if (typeof value === 'object' && value !== null && typeof (value as { get?: unknown }).get === 'function') {
    const container = value as Container;
    let built = extend === undefined;
    if (extend !== undefined) {
      const { onActivation, loadAsync } = container as Partial<Container>;
      if (typeof onActivation !== 'function' || typeof loadAsync !== 'function')
        throw new UsageError(`${where} is not an Inversify container, to which --remote could add toolsets`);
      // A registry built before the remotes were loaded would not hold their tools: its activation tells.
      container.onActivation(ToolRegistry, (_context, registry) => {
        built = true;
        return registry;
      });
      await extend(container);
    }
    let registry: ToolRegistry;
    try {
      registry = container.get(ToolRegistry);
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
    if (!built)
      throw new UsageError(
        `${where} is a container whose ToolRegistry was built before --remote could add its toolsets: give the container before anything calls container.get(ToolRegistry)`,
      );
    return registry;
  }
  return undefined;
}
