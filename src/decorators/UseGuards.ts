import { metadataKeys } from '../metadata/metadataKeys.js';
import type { GuardLike } from '../contracts/ToolGuard.js';
import { classOrMethodList } from './classOrMethodList.js';

/**
 * Guards the tool: every guard must allow a caller to see or call it. Guard classes are resolved
 * from the container. Class-level guards run before method-level ones, in source order, after
 * the module's and the toolset's.
 */
export function UseGuards(...guards: GuardLike[]): ClassDecorator & MethodDecorator {
  return classOrMethodList(metadataKeys.guards, guards);
}
