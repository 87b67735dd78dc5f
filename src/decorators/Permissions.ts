import { metadataKeys } from '../metadata/metadataKeys.js';
import { classOrMethodList } from './classOrMethodList.js';

/**
 * Declares what the tool needs, as `domain:action` strings. On a class it applies to every tool of
 * the class. The host grants a PermissionSet per toolset; a call missing one is refused before it runs.
 */
export function Permissions(...permissions: string[]): ClassDecorator & MethodDecorator {
  return classOrMethodList(metadataKeys.permissions, permissions);
}
