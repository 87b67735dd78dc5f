import { recordParam } from './recordParam.js';

/**
 * The whole argument object, as a class-validator DTO (nested DTOs included). The DTO's
 * decorators are both the schema the model sees and the validation every call passes.
 * Pass `type` (a class or a thunk) where reflection cannot see the class.
 */
export function Input(type?: Function | (() => Function)): ParameterDecorator {
  return (target, property, index) =>
    recordParam(target, property, index, type === undefined ? { kind: 'input' } : { kind: 'input', type });
}
