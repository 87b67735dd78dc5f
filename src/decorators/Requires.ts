import { metadataKeys } from '../metadata/metadataKeys.js';
import type { RequiresOptions } from '../metadata/RequiresOptions.js';
import { classOrMethodList } from './classOrMethodList.js';

/**
 * Declares what must hold for the tool to be available. An unavailable tool is left out of
 * listings and refused with ToolUnavailableError; it appears as soon as the requirement is met.
 */
export function Requires(requirement: RequiresOptions): ClassDecorator & MethodDecorator {
  return classOrMethodList(metadataKeys.requires, [requirement]);
}
