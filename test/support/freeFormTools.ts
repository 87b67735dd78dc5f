import { Allow, IsObject, IsString } from 'class-validator';
import {
  Arg,
  Input,
  PermissionSet,
  Tool,
  toolset,
  toolsModule,
  type ToolRegistry,
  type ValidationLimits,
} from 'hermes-tools';
import { buildRegistry } from './buildRegistry.js';

/** Small limits, so generated values cross them often. */
export const fuzzLimits: ValidationLimits = {
  maxDepth: 5,
  maxStringLength: 40,
  maxArrayLength: 6,
  maxProperties: 6,
  maxIssues: 20,
  maxTotalSize: 300,
};

@Tool({ name: 'fuzz.values', description: 'Free-form, open-map and open-object arguments.' })
class Values {
  execute(
    @Arg('data', { type: {}, optional: true }) data?: unknown,
    @Arg('scores', { type: { type: 'object', additionalProperties: { type: 'number' } }, optional: true })
    scores?: object,
    @Arg('open', { type: { type: 'object', properties: { id: { type: 'string' } } }, optional: true }) open?: object,
  ): unknown {
    return [data, scores, open];
  }
}

class Profile {
  @IsString() handle!: string;
  @IsObject() meta: Record<string, unknown> = {};
  @Allow() extra?: unknown;
}

@Tool({ name: 'fuzz.profile', description: 'A DTO with unchecked fields.' })
class ProfileTool {
  execute(@Input() input: Profile): string {
    return input.handle;
  }
}

/** A registry of tools whose arguments take any JSON, with `fuzzLimits`. */
export async function freeFormRegistry(): Promise<ToolRegistry> {
  return (
    await buildRegistry(
      toolsModule({ limits: fuzzLimits }),
      toolset({ name: 'fuzz', tools: [Values, ProfileTool], granted: PermissionSet.all() }),
    )
  ).registry;
}
