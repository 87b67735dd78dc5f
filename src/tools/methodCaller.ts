import type { ToolContext } from '../contracts/ToolContext.js';
import { BoundedCache } from '../internal/BoundedCache.js';
import { codeGenerationAllowed } from '../schema/codeGenerationAllowed.js';
import type { ArgumentSource } from './planArguments.js';

/** Calls a tool's method on its instance with the parameters read from the validated input and the context. */
export type MethodCaller = (instance: object, input: Record<string, unknown>, ctx: ToolContext) => unknown;

/**
 * The code made lately, by its source: handlers declared alike (the same method and argument names) share one
 * function. Sources come from declarations, never from calls; bounded, since a remote server that renames its tools
 * makes new declarations without end.
 */
const generated = new BoundedCache<string, MethodCaller>(1_000);

/**
 * How a handler is called: `instance.execute(input.path, input.maxBytes, ctx)` as generated code,
 * so each parameter is read through an inline cache of its own, where one closure per parameter
 * would read every tool's arguments through one keyed lookup shared by all of them. Only the method
 * and argument names enter the code, each as a JSON string literal. On a host that forbids code
 * generation, closures do the same.
 */
export function methodCaller(method: string, sources: readonly ArgumentSource[]): MethodCaller {
  if (!codeGenerationAllowed()) return closureCaller(method, sources);
  const args = sources.map(argumentCode);
  const body = `'use strict';\nreturn function callMethod(instance, input, ctx) {\nreturn instance[${JSON.stringify(method)}](${args.join(', ')});\n};`;
  return generated.getOrMake(body, () => new Function(body)() as MethodCaller);
}

/**
 * A parameter's expression in the generated code: only a name, as a JSON string literal, comes from the declaration.
 */
function argumentCode(source: ArgumentSource): string {
  switch (source.from) {
    case 'arg':
      return `input[${JSON.stringify(source.name)}]`;
    case 'input':
      return 'input';
    case 'ctx':
      return 'ctx';
    case 'none':
      return 'undefined';
    default:
      throw new TypeError(`methodCaller: unknown argument source ${JSON.stringify(source satisfies never)}`);
  }
}

function closureCaller(method: string, sources: readonly ArgumentSource[]): MethodCaller {
  const readers = sources.map((source): ((input: Record<string, unknown>, ctx: ToolContext) => unknown) => {
    if (source.from === 'arg') {
      const name = source.name;
      return (input) => input[name];
    }
    if (source.from === 'input') return (input) => input;
    if (source.from === 'ctx') return (_input, ctx) => ctx;
    return () => undefined;
  });
  return (instance, input, ctx) => {
    const args = new Array<unknown>(readers.length);
    for (let i = 0; i < readers.length; i++) args[i] = readers[i]!(input, ctx);
    return (instance as Record<string, (...values: unknown[]) => unknown>)[method]!(...args);
  };
}
