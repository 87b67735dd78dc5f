import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import type { ToolsetOptions } from '../di/ToolsetOptions.js';

/**
 * A toolset in a Nest app: a singleton toolset whose tool classes are Nest providers. Request- and
 * transient-scoped tools are refused at startup (a tool lives as long as the registry).
 */
export interface NestToolsetOptions extends Omit<ToolsetOptions, 'scope'> {
  /** `forFeature` only: modules whose exported providers the tools Nest constructs for this toolset may inject. */
  readonly imports?: readonly (Type<unknown> | DynamicModule | Promise<DynamicModule> | ForwardReference)[];
}
