import type { ToolsetDescriptor } from '../di/ToolsetOptions.js';
import type { ToolsModuleOptions } from '../di/ToolsModuleOptions.js';
import { readToolDeclarations } from '../metadata/readToolDeclarations.js';
import { ownValue } from '../internal/ownValue.js';

type Toolset = ToolsetDescriptor;

/**
 * Every class the registry build will ask the container for, each once:
 * the module's interceptors, guards, approver, audit sink and result store, then each toolset's
 * interceptors, guards and tools, with the interceptors and guards each tool declares. The same
 * rules as the build's: a function whose prototype has the kind's method is a class (a bare
 * function is used as it is), a result store given as a function is a class. Own keys only.
 * @internal
 */
export function referencedClasses(options: ToolsModuleOptions, toolsets: readonly Toolset[]): Function[] {
  const found = new Set<Function>();
  const add = (value: unknown, method: string | undefined): void => {
    if (typeof value !== 'function') return;
    const prototype = value.prototype as Record<string, unknown> | undefined;
    if (method === undefined || typeof prototype?.[method] === 'function') found.add(value);
  };
  const addAll = (values: unknown, method: string): void => {
    if (Array.isArray(values)) for (const value of values) add(value, method);
  };
  addAll(ownValue(options, 'interceptors'), 'intercept');
  addAll(ownValue(options, 'guards'), 'canActivate');
  add(ownValue(ownValue(options, 'approvals'), 'approve'), 'approve');
  add(ownValue(ownValue(options, 'questions'), 'ask'), 'ask');
  // The audit option is a sink, or `{ sink, captureArguments }` when it holds its own sink.
  const audit: unknown = ownValue(options, 'audit');
  const hasSink = typeof audit === 'object' && audit !== null && Object.hasOwn(audit, 'sink');
  add(hasSink ? (audit as { sink?: unknown }).sink : audit, 'record');
  const results = ownValue(options, 'results');
  if (results !== false) add(ownValue(results, 'store'), undefined);
  for (const set of toolsets) {
    addAll(set.interceptors, 'intercept');
    addAll(set.guards, 'canActivate');
    for (const tool of set.tools) {
      if (typeof tool !== 'function') continue;
      found.add(tool);
      for (const declaration of readToolDeclarations(tool).declarations) {
        addAll([...declaration.classInterceptors, ...declaration.methodInterceptors], 'intercept');
        addAll([...declaration.classGuards, ...declaration.methodGuards], 'canActivate');
      }
    }
  }
  return [...found];
}
