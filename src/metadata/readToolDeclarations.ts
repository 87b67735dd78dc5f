import type { TypeManifestEntry } from '../contracts/TypeManifest.js';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { GuardLike } from '../contracts/ToolGuard.js';
import type { InterceptorLike } from '../contracts/ToolMiddleware.js';
import type { ExampleOptions } from '../contracts/ExampleOptions.js';
import { metadataKeys } from './metadataKeys.js';
import type { ParamMetadata } from './ParamMetadata.js';
import type { RequiresOptions } from './RequiresOptions.js';
import type { ToolDeclaration } from './ToolDeclaration.js';
import type { ToolOptions } from './ToolOptions.js';
import { readOwnMetadata } from './readOwnMetadata.js';
import { ownValue } from '../internal/ownValue.js';
import type { EntryMark } from './EntryOptions.js';

/** The tool options an entry compiles with: its name, description, time limit and content limits. */
function entryOptions(mark: EntryMark): ToolOptions {
  // Own keys only: an option a polluted Object.prototype holds must not apply to every entry.
  const options = mark.options as unknown as Record<string, unknown>;
  const [name, description, timeoutMs, content] = (['name', 'description', 'timeoutMs', 'content'] as const).map(
    (key) => ownValue(options, key),
  ) as [string, string, number | undefined, ToolOptions['content']];
  return {
    name,
    description,
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(content !== undefined && { content }),
  };
}

/**
 * Reads every tool a class declares: itself (`@Tool` on the class) and each `@Tool` method.
 * Pure: it reports what it found, and `problems` for what it could not make sense of.
 */
export function readToolDeclarations(
  target: Function,
  typesOf?: (method: string) => TypeManifestEntry | undefined,
): {
  declarations: ToolDeclaration[];
  problems: DefinitionProblem[];
} {
  const problems: DefinitionProblem[] = [];
  const declarations: ToolDeclaration[] = [];
  const classTool = readOwnMetadata<ToolOptions | undefined>(metadataKeys.classTool, target, undefined, undefined);
  const methodTools = readOwnMetadata<ReadonlyMap<string | symbol, ToolOptions>>(
    metadataKeys.methodTools,
    target,
    undefined,
    new Map(),
  );
  const classEntry = readOwnMetadata<EntryMark | undefined>(metadataKeys.classEntry, target, undefined, undefined);
  const methodEntries = readOwnMetadata<ReadonlyMap<string | symbol, EntryMark>>(
    metadataKeys.methodEntries,
    target,
    undefined,
    new Map(),
  );
  const name = target.name || '(anonymous class)';
  const onClass = (classTool === undefined ? 0 : 1) + (classEntry === undefined ? 0 : 1);
  const onMethods = methodTools.size + methodEntries.size;
  if (onClass + onMethods === 0) {
    problems.push({
      where: name,
      code: 'missing_tool_decorator',
      message:
        'is listed in a toolset but has no @Tool, @Resource, @ResourceTemplate or @Prompt decorator, on the class or on any method',
    });
    return { declarations, problems };
  }
  if (onClass > 1 || (onClass > 0 && onMethods > 0)) {
    problems.push({
      where: name,
      code: 'conflicting_tool_decorators',
      message:
        'has more than one of @Tool, @Resource, @ResourceTemplate and @Prompt on the class, or one on the class and others on methods; use one on the class (its handler is execute), or mark methods',
    });
  }
  for (const method of methodEntries.keys()) {
    if (methodTools.has(method))
      problems.push({
        where: `${name}.${String(method)}`,
        code: 'conflicting_tool_decorators',
        message: 'is marked both @Tool and as a resource, template or prompt; a method is one of them',
      });
  }
  const completers = readOwnMetadata<ReadonlyMap<string, string | symbol>>(
    metadataKeys.completers,
    target,
    undefined,
    new Map(),
  );
  const classPermissions = readOwnMetadata<readonly string[]>(metadataKeys.permissions, target, undefined, []);
  const classExamples = readOwnMetadata<readonly ExampleOptions[]>(metadataKeys.examples, target, undefined, []);
  const classInterceptors = readOwnMetadata<readonly InterceptorLike[]>(
    metadataKeys.interceptors,
    target,
    undefined,
    [],
  );
  const classGuards = readOwnMetadata<readonly GuardLike[]>(metadataKeys.guards, target, undefined, []);
  const classApproval = readOwnMetadata<{ reason?: string } | undefined>(
    metadataKeys.approval,
    target,
    undefined,
    undefined,
  );
  const classRequires = readOwnMetadata<readonly RequiresOptions[]>(metadataKeys.requires, target, undefined, []);
  const marked: [string | symbol, EntryMark][] =
    classEntry !== undefined ? [['execute', classEntry]] : classTool !== undefined ? [] : [...methodEntries];
  const entries: (readonly [string | symbol, ToolOptions, EntryMark | undefined])[] = [
    ...(classTool !== undefined
      ? [['execute', classTool, undefined] as const]
      : [...methodTools].map(([method, options]) => [method, options, undefined] as const)),
    ...marked
      .filter(([method]) => !methodTools.has(method))
      .map(([method, mark]) => [method, entryOptions(mark), mark] as const),
  ];
  for (const [method, options, mark] of entries) {
    if (typeof method === 'symbol') {
      problems.push({
        where: `${name}.${String(method)}`,
        code: 'symbol_handler',
        message: "a tool's handler must have a string name",
      });
      continue;
    }
    const where = `${name}.${method}`;
    const proto = target.prototype as Record<string, unknown>;
    const handler = proto[method];
    if (typeof handler !== 'function') {
      problems.push({
        where,
        code: 'missing_handler',
        message: `a class marked ${mark === undefined ? '@Tool' : 'as a resource or prompt'} needs an ${method}() method, its handler`,
      });
      continue;
    }
    const own = (key: symbol) => readOwnMetadata<readonly never[]>(key, proto, method, []);
    declarations.push({
      target,
      method,
      where,
      options,
      permissions: [...classPermissions, ...own(metadataKeys.permissions)],
      examples: [...(classTool !== undefined ? classExamples : []), ...own(metadataKeys.examples)],
      classInterceptors,
      methodInterceptors: own(metadataKeys.interceptors),
      classGuards,
      methodGuards: own(metadataKeys.guards),
      approval:
        readOwnMetadata<{ reason?: string } | undefined>(metadataKeys.approval, proto, method, undefined) ??
        classApproval,
      requires: [...classRequires, ...own(metadataKeys.requires)],
      params: readOwnMetadata<ReadonlyMap<number, ParamMetadata>>(metadataKeys.params, proto, method, new Map()),
      paramTypes: Reflect.getOwnMetadata('design:paramtypes', proto, method) as unknown[] | undefined,
      types: typesOf?.(method),
      arity: (handler as Function).length,
      ...(mark !== undefined && { entry: mark, completers }),
    });
  }
  return { declarations, problems };
}
