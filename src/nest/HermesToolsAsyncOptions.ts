import type { DynamicModule, ForwardReference, InjectionToken, OptionalFactoryDependency, Type } from '@nestjs/common';
import type { HermesToolsModuleOptions } from './HermesToolsModuleOptions.js';

/** What `HermesToolsModule.forRootAsync` takes: a factory of the options, with Nest providers injected. */
export interface HermesToolsAsyncOptions {
  /** Modules whose exported providers `inject` names, and the classes Nest constructs may inject. */
  readonly imports?: readonly (Type<unknown> | DynamicModule | Promise<DynamicModule> | ForwardReference)[];
  /** The providers passed to `useFactory`, in order. */
  readonly inject?: readonly (InjectionToken | OptionalFactoryDependency)[];
  /** Returns the options (`imports` in them is ignored: give it here). */
  readonly useFactory: (...args: never[]) => HermesToolsModuleOptions | Promise<HermesToolsModuleOptions>;
}
