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

/**
 * Reads every tool a class declares: itself (`@Tool` on the class) and each `@Tool` method.
 * Pure: it reports what it found, and `problems` for what it could not make sense of.
 */
export function readToolDeclarations(target: Function): {
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
  const name = target.name || '(anonymous class)';
  if (classTool === undefined && methodTools.size === 0) {
    problems.push({
      where: name,
      code: 'missing_tool_decorator',
      message: 'is listed as a tool but has no @Tool decorator, on the class or on any method',
    });
    return { declarations, problems };
  }
  if (classTool !== undefined && methodTools.size > 0) {
    problems.push({
      where: name,
      code: 'conflicting_tool_decorators',
      message: "has @Tool on the class and on methods; use one or the other (a class tool's handler is execute)",
    });
  }
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
  const entries: [string | symbol, ToolOptions][] =
    classTool !== undefined ? [['execute', classTool]] : [...methodTools];
  for (const [method, options] of entries) {
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
        message: `a class marked @Tool needs an ${method}() method, its handler`,
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
      arity: (handler as Function).length,
    });
  }
  return { declarations, problems };
}
