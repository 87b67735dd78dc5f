import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { InputValidation } from '../contracts/InputValidation.js';
import type { Invoke } from '../contracts/Invoke.js';
import type { ResolvedGuard } from '../contracts/ResolvedGuard.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import type { ToolMiddleware } from '../contracts/ToolMiddleware.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import { permissionProblem } from '../permissions/permissionProblem.js';
import { composeMiddleware } from '../pipeline/composeMiddleware.js';
import { resolveGuard } from '../pipeline/resolveGuard.js';
import { compileShape } from '../schema/compileShape.js';
import { argHeaders } from './argHeaders.js';
import { buildDefinition } from './buildDefinition.js';
import { inputDefs } from './inputDefs.js';
import { checkExamples } from './checkExamples.js';
import { checkOutput } from './checkOutput.js';
import { resolveContentLimits } from '../results/resolveContentLimits.js';
import { checkRequirements } from './checkRequirements.js';
import { checkToolOptions } from './checkToolOptions.js';
import { deepFreeze } from './deepFreeze.js';
import { onFirstUse } from './onFirstUse.js';
import { ownDeclaration } from './ownDeclaration.js';
import { methodCaller } from './methodCaller.js';
import { planArguments } from './planArguments.js';
import { readOutput } from './readOutput.js';
import { runValidator } from './runValidator.js';
import type { ToolEnvironment } from './ToolEnvironment.js';
import { withTypes } from './withTypes.js';
import { readEntry } from './readEntry.js';
import { promptResultJson } from '../entries/promptResultJson.js';
import { resourceResultJson } from '../entries/resourceResultJson.js';

/** How long a person has to answer, by default. */
export const defaultApprovalTimeoutMs = 5 * 60_000;

/**
 * Turns one declaration into the core of a RegisteredTool, in named steps: check the options,
 * plan the arguments, read the output, check the examples, resolve interceptors and guards, build
 * the definition. Everything that can be decided before a call is decided here.
 */
export function compileTool(
  given: ToolDeclaration,
  env: ToolEnvironment,
  problems: DefinitionProblem[],
): ToolCore | undefined {
  const start = problems.length;
  const declaration = withTypes(ownDeclaration(given, problems));
  const { options, where } = declaration;
  checkToolOptions(options, where, problems);
  for (const permission of declaration.permissions) {
    const problem = permissionProblem(permission, { allowWildcard: false });
    if (problem !== undefined)
      problems.push({ where, code: 'invalid_permission', message: `@Permissions: ${problem}` });
  }
  const beforeShapes = problems.length;
  const { shape: inputShape, plan } = planArguments(declaration, problems);
  const outputShape = readOutput(options.output, where, problems);
  const headers = argHeaders(declaration, inputShape, problems);
  const defs = inputDefs(declaration, problems);
  // Examples are still checked when only options are wrong, so one build reports both.
  if (problems.length > beforeShapes) return undefined;

  // Compiled on first use, a call or an example checked below: compiling is most of a build, and a shape that passed
  // planArguments and readOutput compiles without fail.
  const validator = onFirstUse(() => compileShape(inputShape, { coerce: env.coerce }));
  const validate = (input: unknown): InputValidation | Promise<InputValidation> =>
    runValidator(validator(), input, env.limits);
  const outputValidator =
    outputShape === undefined ? undefined : onFirstUse(() => compileShape(outputShape, { coerce: false }));
  checkExamples(declaration, validate, outputValidator, env.limits, problems);

  const instanceFor = env.instanceFor(declaration.target);
  const middlewares: ToolMiddleware[] = [...env.outerMiddlewares];
  for (const interceptor of [...declaration.classInterceptors, ...declaration.methodInterceptors]) {
    const middleware = env.toMiddleware(interceptor, where, problems);
    if (middleware !== undefined) middlewares.push(middleware);
  }
  const guards: ResolvedGuard[] = [resolveGuard(env.granted, `toolset "${env.toolset}" grant`), ...env.outerGuards];
  for (const guard of [...declaration.classGuards, ...declaration.methodGuards]) {
    const resolved = env.toGuard(guard, where, problems);
    if (resolved !== undefined) guards.push(resolved);
  }
  if (problems.length > start || instanceFor === undefined) return undefined;

  const declared = buildDefinition(declaration, env.toolset, inputShape, outputShape, headers, defs);
  const entry = readEntry(given, declared.inputSchema, instanceFor, problems);
  if (problems.length > start) return undefined;

  const callMethod = methodCaller(declaration.method, plan);
  // A resource's or prompt's return is made JSON inside the pipeline, where interceptors and the audit see it.
  const toJson = entry === undefined ? undefined : entry.kind === 'prompt' ? promptResultJson : resourceResultJson;
  // Not an async function: a handler's own promise is returned as it is, without the extra turns an async wrapper takes
  // to adopt it.
  const handler: Invoke = (value, ctx) => {
    try {
      const result = Promise.resolve(callMethod(instanceFor(ctx), value as Record<string, unknown>, ctx));
      return toJson === undefined ? result : result.then(toJson);
    } catch (error) {
      return Promise.reject(error);
    }
  };

  const approvals = env.approvals;
  // @RequiresApproval holds even when the module configures no approvals: such a call is refused, never run unasked.
  const needsApproval = declaration.approval !== undefined || (approvals?.when(declared) ?? false);
  const definition = deepFreeze(needsApproval ? { ...declared, approval: { ...declaration.approval } } : declared);
  const questionGuards = guards.filter((guard) => guard.checkQuestion !== undefined);
  return {
    definition,
    guards,
    ...(questionGuards.length > 0 && { questionGuards }),
    ...(env.questions !== undefined && { questions: env.questions }),
    ...(entry !== undefined && { entry }),
    ...(env.audit !== undefined && { audit: env.audit }),
    approval: needsApproval
      ? { approve: approvals?.approve, timeoutMs: approvals?.timeoutMs ?? defaultApprovalTimeoutMs }
      : undefined,
    unavailable: checkRequirements(declaration.requires),
    validate,
    invoke: composeMiddleware(middlewares, handler),
    checkOutput:
      outputValidator === undefined ? undefined : (result) => checkOutput(outputValidator(), result, env.limits),
    timeoutMs: options.timeoutMs ?? env.timeoutMs,
    // A tool's own budget needs no opt-in; `toolsModule({ results: false })` turns every budget off, its own too.
    // A resource's or prompt's size is bounded by its content limits, not cut: a cut body would be another body.
    ...(env.maxResultChars !== undefined &&
      entry === undefined && { maxResultChars: options.maxResultChars ?? env.maxResultChars }),
    contentLimits: resolveContentLimits(options.content, env.contentLimits, where, problems),
    logger: env.logger,
  };
}
