import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { TypeManifest, TypeManifestEntry, TypeManifestParam } from '../contracts/TypeManifest.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';

const KINDS = new Set(['arg', 'input', 'ctx']);
/** The manifests `typeManifest` checked: the registry trusts these, and checks any other. */
const checked = new WeakSet<TypeManifest>();

/**
 * The manifest that `hermes-tools typegen` writes, checked and frozen: the generated module calls it, and its result
 * goes to `toolsModule({ types })`. Entries are matched to classes by identity (the module imports them); two entries
 * for one handler, a class that is not one (an import cycle leaves it undefined), or a malformed entry is a
 * ToolDefinitionError naming it. Only own keys are read: a polluted Object.prototype adds nothing to an entry.
 */
export function typeManifest(manifest: TypeManifest): TypeManifest {
  if (isTypeManifest(manifest)) return manifest;
  const problems: DefinitionProblem[] = [];
  const fail = (where: string, message: string): void => {
    problems.push({ where, code: 'invalid_manifest', message });
  };
  const entries = own(manifest, 'entries');
  if (own(manifest, 'version') !== 1 || !Array.isArray(entries))
    throw new ToolDefinitionError([
      {
        where: 'typeManifest',
        code: 'invalid_manifest',
        message: 'takes { version: 1, typescript, entries } as hermes-tools typegen writes it; run typegen again',
      },
    ]);
  const seen = new Map<Function, Set<string>>();
  const read = entries.map((entry: unknown, i): TypeManifestEntry | undefined => {
    const at = `typeManifest entry #${i + 1}`;
    const target = own(entry, 'class');
    const method = own(entry, 'method');
    const module = own(entry, 'module');
    const params = own(entry, 'params');
    if (typeof target !== 'function') {
      fail(
        at,
        `its class (from ${String(module)}) is ${target === undefined ? 'undefined: an import cycle reached the manifest before the class was defined; import the manifest from the composition root only' : 'not a class'}`,
      );
      return undefined;
    }
    const where = typeof method === 'string' ? `${target.name}.${method}` : at;
    if (typeof method !== 'string' || !Array.isArray(params))
      return (fail(where, 'has no method name or params'), undefined);
    const methods = seen.get(target) ?? new Set<string>();
    if (methods.has(method)) fail(where, 'appears twice; the manifest holds one entry per handler: run typegen again');
    seen.set(target, methods.add(method));
    const indexes = new Set<number>();
    const checkedParams = params.flatMap((p: unknown): TypeManifestParam[] => {
      const index = own(p, 'index');
      const kind = own(p, 'kind');
      const name = own(p, 'name');
      const schema = own(p, 'schema');
      const type = own(p, 'type');
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || !KINDS.has(kind as string)) {
        fail(where, `has a parameter that is not { index, kind: 'arg' | 'input' | 'ctx' }`);
        return [];
      }
      const pat = `${where} parameter #${index + 1}`;
      if (indexes.has(index)) fail(pat, 'appears twice');
      indexes.add(index);
      if (kind === 'arg' && typeof name !== 'string') fail(pat, 'is an @Arg without a name');
      if (schema !== undefined && (typeof schema !== 'object' || schema === null || Array.isArray(schema)))
        fail(pat, 'has a schema that is not a JSON Schema object');
      if (type !== undefined && typeof type !== 'function') {
        fail(pat, 'names a type that is not a class (an import cycle?)');
        return [];
      }
      const value = own(p, 'default');
      // Every key present, undefined where absent: a read never reaches Object.prototype, and every entry has one shape.
      return [
        Object.freeze({
          index,
          kind: kind as TypeManifestParam['kind'],
          name: typeof name === 'string' ? name : undefined,
          schema: schema === undefined ? undefined : frozen(schema as NonNullable<TypeManifestParam['schema']>),
          type: type as Function | undefined,
          nullable: own(p, 'nullable') === true ? true : undefined,
          optional: own(p, 'optional') === true ? true : undefined,
          default: value === undefined ? undefined : frozen(value),
          date: own(p, 'date') === true ? true : undefined,
        }),
      ];
    });
    const description = own(entry, 'description');
    const examples = own(entry, 'examples');
    return Object.freeze({
      class: target,
      module: String(module),
      method,
      description: typeof description === 'string' ? description : undefined,
      examples: Array.isArray(examples) ? frozen(examples as Record<string, unknown>[]) : undefined,
      params: Object.freeze(checkedParams),
    });
  });
  if (problems.length > 0) throw new ToolDefinitionError(problems);
  const result: TypeManifest = Object.freeze({
    version: 1,
    typescript: String(own(manifest, 'typescript')),
    entries: Object.freeze(read.filter((e): e is TypeManifestEntry => e !== undefined)),
  });
  checked.add(result);
  return result;
}

/** Whether `typeManifest` made this manifest (and so checked it). */
export function isTypeManifest(value: unknown): value is TypeManifest {
  return typeof value === 'object' && value !== null && checked.has(value as TypeManifest);
}

function own(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
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
