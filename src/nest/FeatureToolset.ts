import type { ModuleRef } from '@nestjs/core';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ToolsetDescriptor } from '../di/ToolsetOptions.js';

/** A toolset and the module it belongs to, whose scope constructs the tools no module provides. */
export class FeatureToolset {
  constructor(
    readonly descriptor: ToolsetDescriptor,
    readonly moduleRef: ModuleRef,
    /** What was wrong with the toolset's options, reported when the registry is built. */
    readonly problems: readonly DefinitionProblem[] = [],
  ) {}
}
