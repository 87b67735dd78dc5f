import type { ArgOptions } from '../contracts/ArgOptions.js';
import { recordParam } from './recordParam.js';

/**
 * One named argument of a tool. Its type comes from the TypeScript parameter type; `options`
 * adds what a type cannot say. Names are explicit because compiled code does not keep them.
 *
 * @example
 * execute(@Arg('maxBytes', { integer: true, minimum: 1, default: 1_000_000 }) maxBytes: number)
 */
export function Arg(name: string, options: ArgOptions = {}): ParameterDecorator {
  return (target, property, index) => recordParam(target, property, index, { kind: 'arg', name, options });
}
