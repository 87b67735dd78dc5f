import { metadataKeys } from '../metadata/metadataKeys.js';
import type { InterceptorLike } from '../contracts/ToolMiddleware.js';
import { classOrMethodList } from './classOrMethodList.js';

/**
 * Wraps the tool's calls in interceptors: classes resolved from the container, instances or
 * middleware functions. Class-level ones run outside method-level ones; the first listed is outermost.
 */
export function UseInterceptors(...interceptors: InterceptorLike[]): ClassDecorator & MethodDecorator {
  return classOrMethodList(metadataKeys.interceptors, interceptors);
}
