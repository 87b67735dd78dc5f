import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ToolOptions } from '../metadata/ToolOptions.js';
import { isTimeoutMs, MAX_TIMEOUT_MS } from '../pipeline/callTimeout.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
const TASK_SUPPORT: readonly string[] = ['optional', 'required', 'forbidden'];
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** Pushes a problem for every `@Tool` option that is missing or malformed. */
export function checkToolOptions(options: ToolOptions, where: string, problems: DefinitionProblem[]): void {
  const o = options as unknown as Record<string, unknown>;
  if (typeof o.name !== 'string' || o.name === '')
    problems.push({ where, code: 'missing_name', message: '@Tool needs a name' });
  else if (!NAME.test(o.name))
    problems.push({
      where,
      code: 'invalid_name',
      message: `tool name "${o.name}" must match ${NAME.source} (letters, digits, "_", "." and "-", at most 64 characters, not starting with a digit)`,
    });
  if (typeof o.description !== 'string' || o.description.trim() === '')
    problems.push({
      where,
      code: 'missing_description',
      message:
        "@Tool needs a description, which is what the model reads to choose the tool: give { description }, or write it as the method's JSDoc comment and give the registry the module hermes-tools typegen writes (toolsModule({ types }))",
    });
  if (o.version !== undefined && (typeof o.version !== 'string' || !SEMVER.test(o.version)))
    problems.push({
      where,
      code: 'invalid_version',
      message: `version ${JSON.stringify(o.version)} is not a semantic version such as "1.0.0"`,
    });
  if (o.deprecated !== undefined) {
    if (typeof o.deprecated !== 'string')
      problems.push({
        where,
        code: 'invalid_deprecated',
        message: `deprecated must be a sentence saying what to use instead, not ${JSON.stringify(o.deprecated)}`,
      });
    else if (o.deprecated.trim().split(/\s+/).length < 3)
      problems.push({
        where,
        code: 'invalid_deprecated',
        message: `deprecated "${o.deprecated}" is not a sentence; say why and what to use instead`,
      });
  }
  if (o.tags !== undefined && (!Array.isArray(o.tags) || !o.tags.every((t) => typeof t === 'string' && t !== '')))
    problems.push({ where, code: 'invalid_tags', message: 'tags must be non-empty strings' });
  if (o.maxResultChars !== undefined && !(Number.isInteger(o.maxResultChars) && (o.maxResultChars as number) >= 256)) {
    problems.push({
      where,
      code: 'invalid_result_budget',
      message: 'maxResultChars must be a whole number of characters, at least 256',
    });
  }
  if (o.timeoutMs !== undefined && !isTimeoutMs(o.timeoutMs))
    problems.push({
      where,
      code: 'invalid_timeout',
      message: `timeoutMs must be a number of milliseconds greater than 0 and at most ${MAX_TIMEOUT_MS} (about 24.8 days; Node fires longer timers after 1 ms)`,
    });
  for (const flag of ['idempotent', 'readOnly', 'destructive', 'openWorld'] as const) {
    if (o[flag] !== undefined && typeof o[flag] !== 'boolean')
      problems.push({ where, code: 'invalid_hint', message: `${flag} must be true or false` });
  }
  if (o.task !== undefined && !TASK_SUPPORT.includes(o.task as string))
    problems.push({
      where,
      code: 'invalid_task',
      message: `task must be 'optional', 'required' or 'forbidden' (the default), not ${String(JSON.stringify(o.task)).slice(0, 80)}`,
    });
  if (o.metadata !== undefined && (typeof o.metadata !== 'object' || o.metadata === null || Array.isArray(o.metadata)))
    problems.push({ where, code: 'invalid_metadata', message: 'metadata must be an object' });
}
