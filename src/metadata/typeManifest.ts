import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { TypeManifest, TypeManifestEntry, TypeManifestParam } from '../contracts/TypeManifest.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';

const KINDS = new Set(['arg', 'input', 'ctx']);

/**
 * The manifest that `hermes-tools typegen` writes, checked and frozen: the generated module calls it, and its result
 * goes to `toolsModule({ types })`. Entries are matched to classes by identity (the module imports them); two entries
 * for one handler, a class that is not one (an import cycle leaves it undefined), or a malformed entry is a
 * ToolDefinitionError naming it.
 */
export function typeManifest(manifest: TypeManifest): TypeManifest {
  const problems: DefinitionProblem[] = [];
  const fail = (where: string, message: string): void => {
    problems.push({ where, code: 'invalid_manifest', message });
  };
  if (typeof manifest !== 'object' || manifest === null || manifest.version !== 1 || !Array.isArray(manifest.entries))
    throw new ToolDefinitionError([
      {
        where: 'typeManifest',
        code: 'invalid_manifest',
        message: 'takes { version: 1, typescript, entries } as hermes-tools typegen writes it; run typegen again',
      },
    ]);
  const seen = new Map<Function, Set<string>>();
  const entries = manifest.entries.map((entry, i): TypeManifestEntry | undefined => {
    const at = `typeManifest entry #${i + 1}`;
    if (typeof entry !== 'object' || entry === null) return (fail(at, 'is not an object'), undefined);
    const { class: target, method, module, params } = entry;
    const where = typeof method === 'string' && typeof target === 'function' ? `${target.name}.${method}` : at;
    if (typeof target !== 'function') {
      fail(
        at,
        `its class (from ${String(module)}) is ${target === undefined ? 'undefined: an import cycle reached the manifest before the class was defined; import the manifest from the composition root only' : 'not a class'}`,
      );
      return undefined;
    }
    if (typeof method !== 'string' || !Array.isArray(params))
      return (fail(where, 'has no method name or params'), undefined);
    const methods = seen.get(target) ?? new Set<string>();
    if (methods.has(method)) fail(where, 'appears twice; the manifest holds one entry per handler: run typegen again');
    seen.set(target, methods.add(method));
    const checked = params.flatMap((p: TypeManifestParam): TypeManifestParam[] => {
      if (typeof p !== 'object' || p === null || !Number.isInteger(p.index) || p.index < 0 || !KINDS.has(p.kind)) {
        fail(where, `has a parameter that is not { index, kind: 'arg' | 'input' | 'ctx' }`);
        return [];
      }
      if (p.type !== undefined && typeof p.type !== 'function') {
        fail(`${where} parameter #${p.index + 1}`, 'names a type that is not a class (an import cycle?)');
        return [];
      }
      return [
        Object.freeze({
          index: p.index,
          kind: p.kind,
          ...(typeof p.name === 'string' && { name: p.name }),
          ...(p.schema !== undefined && { schema: frozen(p.schema) }),
          ...(p.type !== undefined && { type: p.type }),
          ...(p.optional === true && { optional: true }),
          ...(p.default !== undefined && { default: frozen(p.default) }),
          ...(p.date === true && { date: true }),
        }),
      ];
    });
    return Object.freeze({
      class: target,
      module: String(module),
      method,
      ...(typeof entry.description === 'string' && { description: entry.description }),
      ...(Array.isArray(entry.examples) && { examples: frozen(entry.examples) }),
      params: Object.freeze(checked),
    });
  });
  if (problems.length > 0) throw new ToolDefinitionError(problems);
  return Object.freeze({
    version: 1,
    typescript: String(manifest.typescript),
    entries: Object.freeze(entries.filter((e): e is TypeManifestEntry => e !== undefined)),
  });
}

/**
 * The value, frozen in place: the manifest's schemas are the generated module's own literals, shared by every registry
 * built from it, so nobody may change them.
 */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) frozen(child);
  }
  return value;
}
