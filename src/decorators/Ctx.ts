import { recordParam } from './recordParam.js';

/** The call's ToolContext. Never part of the schema. */
export function Ctx(): ParameterDecorator {
  return (target, property, index) => recordParam(target, property, index, { kind: 'ctx' });
}
