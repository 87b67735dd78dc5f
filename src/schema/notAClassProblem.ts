import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';

/**
 * The problem of a type that is a function but not a class (an arrow, bound or built-in function, such as
 * a thunk's thunk): it has no prototype, where class-validator and class-transformer read a DTO's metadata.
 */
export function notAClassProblem(type: Function): DefinitionProblem | undefined {
  if (type.prototype !== undefined) return undefined;
  const name = type.name === '' ? 'an anonymous function' : `the function ${type.name}`;
  return {
    where: '',
    code: 'not_a_class',
    message: `its type is ${name}, not a class; name String, Number, Boolean, a DTO class or a JSON Schema, or a thunk that returns one of them (() => TheDto)`,
  };
}
