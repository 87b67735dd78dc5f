import type { ExampleOptions } from '../contracts/ExampleOptions.js';
import { metadataKeys } from '../metadata/metadataKeys.js';
import { classOrMethodList } from './classOrMethodList.js';

/**
 * A worked call shown to the model. Repeatable. Each example's input is checked against the
 * tool's own validation when the registry is built, so an example can never teach a wrong call.
 */
export function Example(example: ExampleOptions): ClassDecorator & MethodDecorator {
  return classOrMethodList(metadataKeys.examples, [example]);
}
