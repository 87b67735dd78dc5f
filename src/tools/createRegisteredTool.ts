import { redactIssues } from '../errors/redactIssues.js';
import { CallPipeline } from '../pipeline/CallPipeline.js';
import type { RegisteredTool } from './RegisteredTool.js';
import type { InputValidation } from '../contracts/InputValidation.js';
import type { ToolCore } from '../contracts/ToolCore.js';

const cores = new WeakMap<RegisteredTool, ToolCore>();
const pipelines = new WeakMap<RegisteredTool, CallPipeline>();

/** Makes the frozen RegisteredTool for a core, its pipeline composed once. */
export function createRegisteredTool(core: ToolCore): RegisteredTool {
  const pipeline = new CallPipeline(core);
  const tool: RegisteredTool = Object.freeze({
    name: core.definition.name,
    description: core.definition.description,
    definition: core.definition,
    validateInput: async (input: unknown): Promise<InputValidation> => {
      const validation = await core.validate(input);
      // The caller's keys shown as sent, as `dispatch` shows them; the messages redacted, as every issue that leaves.
      return validation.ok ? validation : { ok: false as const, issues: redactIssues(validation.issues, false) };
    },
    execute: pipeline.call,
  });
  cores.set(tool, core);
  pipelines.set(tool, pipeline);
  return tool;
}

/** Whether `value` is a RegisteredTool made here (not a copy or a lookalike). */
export function isRegisteredTool(value: unknown): value is RegisteredTool {
  return typeof value === 'object' && value !== null && cores.has(value as RegisteredTool);
}

/** The core of a tool made here, for the `with…` wrappers. */
export function coreOf(tool: RegisteredTool): ToolCore {
  const core = cores.get(tool);
  if (core === undefined)
    throw new TypeError(
      `${String(tool?.name)} is not a RegisteredTool from hermes-tools; get tools from a ToolRegistry`,
    );
  return core;
}

/** The pipeline of a tool made here, for `dispatch` (its `attempt`). */
export function pipelineOf(tool: RegisteredTool): CallPipeline {
  const pipeline = pipelines.get(tool);
  if (pipeline === undefined)
    throw new TypeError(
      `${String(tool?.name)} is not a RegisteredTool from hermes-tools; get tools from a ToolRegistry`,
    );
  return pipeline;
}
