import type { ToolContext } from '../contracts/ToolContext.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import { permissionProblem } from '../permissions/parsePermission.js';
import type { Invoke } from '../contracts/Invoke.js';
import { composeMiddleware } from '../pipeline/composeMiddleware.js';
import type { ToolMiddleware } from '../contracts/ToolMiddleware.js';
import { compileShape } from '../schema/compileShape.js';
import { isForbiddenKey } from '../schema/isForbiddenKey.js';
import { jsonSchemaToShape } from '../schema/jsonSchemaToShape.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { Shape } from '../schema/Shape.js';
import { shapeToJsonSchema } from '../schema/shapeToJsonSchema.js';
import { argShape, dtoTreeProblems, resolveTypeSpec } from '../schema/typeSpecToShape.js';
import { ValidationRun } from '../schema/ValidationRun.js';
import type { Validator } from '../schema/Validator.js';
import { resolveGuard } from '../pipeline/resolveGuard.js';
import type { ResolvedGuard } from '../contracts/ResolvedGuard.js';
import { toJsonValue } from '../pipeline/toJsonValue.js';
import { deepFreeze } from './deepFreeze.js';
import type { InputValidation } from '../contracts/InputValidation.js';
import { checkRequirements } from './checkRequirements.js';
import { renderModelDescription } from './renderModelDescription.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ToolEnvironment } from './ToolEnvironment.js';
import { checkToolOptions } from './checkToolOptions.js';

/** How long a person has to answer, by default. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 5 * 60_000;

const ARG_NAME = /^[A-Za-z_$][A-Za-z0-9_$-]{0,63}$/;

type ArgumentPlan = (value: Record<string, unknown>, ctx: ToolContext) => unknown;

/**
 * Turns one declaration into the core of a RegisteredTool: definition, validator, composed
 * interceptors and handler. Everything that can be decided before a call is decided here.
 */
export function compileTool(declaration: ToolDeclaration, env: ToolEnvironment, problems: string[]): ToolCore | undefined {
  const start = problems.length;
  const { options, where } = declaration;
  checkToolOptions(options, where, problems);
  for (const permission of declaration.permissions) {
    const problem = permissionProblem(permission, { allowWildcard: false });
    if (problem !== undefined) problems.push(`${where}: @Permissions: ${problem}`);
  }
  const beforeShapes = problems.length;
  const { shape: inputShape, plan } = readParameters(declaration, problems);
  const outputShape = readOutput(options.output, where, problems);
  // Examples are still checked when only options are wrong, so one build reports both.
  if (problems.length > beforeShapes) return undefined;

  const validator = compileShape(inputShape, { coerce: env.coerce });
  const validate = (input: unknown): InputValidation | Promise<InputValidation> => runValidator(validator, input, env);
  const outputValidator = outputShape === undefined ? undefined : compileShape(outputShape, { coerce: false });

  for (const [i, example] of declaration.examples.entries()) {
    const result = validate(example.input);
    if (result instanceof Promise) continue;
    if (!result.ok) problems.push(`${where}: @Example #${i + 1} ("${example.description}") does not pass the tool's own validation: ${result.issues.map((x) => x.message).join('; ')}`);
    if (outputValidator !== undefined && example.output !== undefined) {
      const json = toJsonValue(example.output);
      const issues = json.ok ? checkOutput(outputValidator, json.value, env) : [{ message: `it is not JSON-serialisable (${json.reason})` }];
      if (issues !== undefined) problems.push(`${where}: @Example #${i + 1} ("${example.description}") has an output that does not match the declared output: ${issues.map((x) => x.message).join('; ')}`);
    }
  }

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

  const method = declaration.method;
  const handler: Invoke = async (value, ctx) => {
    const instance = instanceFor(ctx) as Record<string, (...args: unknown[]) => unknown>;
    return instance[method]!(...plan.map((argument) => argument(value as Record<string, unknown>, ctx)));
  };

  const declared = buildDefinition(declaration, env.toolset, inputShape, outputShape);
  const approvals = env.approvals;
  // @RequiresApproval holds even when the module configures no approvals: such a call is refused, never run unasked.
  const needsApproval = declaration.approval !== undefined || (approvals !== undefined && approvals.when(declared));
  const definition = deepFreeze(needsApproval ? { ...declared, approval: { ...declaration.approval } } : declared);
  return {
    definition,
    guards,
    approval: needsApproval ? { approve: approvals?.approve, timeoutMs: approvals?.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS } : undefined,
    unavailable: checkRequirements(declaration.requires),
    validate,
    invoke: composeMiddleware(middlewares, handler),
    checkOutput: outputValidator === undefined ? undefined : (result) => checkOutput(outputValidator, result, env),
    timeoutMs: options.timeoutMs ?? env.timeoutMs,
    logger: env.logger,
  };
}

function readParameters(declaration: ToolDeclaration, problems: string[]): { shape: Shape; plan: ArgumentPlan[] } {
  const { where, params, paramTypes, arity } = declaration;
  const count = Math.max(paramTypes?.length ?? 0, arity, ...[...params.keys()].map((i) => i + 1));
  const plan: ArgumentPlan[] = [];
  const properties: { name: string; shape: Shape; required: boolean; default?: { value: unknown } }[] = [];
  let inputShape: Shape | undefined;
  const needsReflection = [...params.values()].some((p) => (p.kind === 'arg' && p.options.type === undefined) || (p.kind === 'input' && p.type === undefined));
  if (paramTypes === undefined && count > 0 && needsReflection) {
    problems.push(
      `${where}: has no design:paramtypes metadata, so parameter types cannot be read. Turn on "emitDecoratorMetadata" (with "experimentalDecorators") in tsconfig.json, and compile with tsc or a tool that emits decorator metadata (esbuild, tsx and vite drop it)`,
    );
    return { shape: { kind: 'object', properties: [], additionalProperties: false }, plan };
  }
  for (let i = 0; i < count; i++) {
    const param = params.get(i);
    const reflected = paramTypes?.[i];
    const at = `${where} parameter #${i + 1}`;
    if (param === undefined) {
      problems.push(`${at}${reflected instanceof Function ? ` (${reflected.name})` : ''}: has no @Arg(name), @Input() or @Ctx(); every parameter of a handler needs one`);
      plan.push(() => undefined);
      continue;
    }
    if (param.kind === 'ctx') {
      plan.push((_value, ctx) => ctx);
      continue;
    }
    if (param.kind === 'input') {
      if (inputShape !== undefined) problems.push(`${at}: a handler takes at most one @Input()`);
      let type: unknown;
      try {
        type = resolveTypeSpec(param.type ?? reflected);
      } catch (error) {
        problems.push(`${at}: its @Input type thunk threw (${error instanceof Error ? error.message : String(error)})`);
      }
      if (typeof type !== 'function' || [Object, String, Number, Boolean, Array, Promise, Function].includes(type as never)) {
        problems.push(`${at}: @Input() needs a class-validator DTO class as the parameter type (or @Input(() => TheDto)); reflection sees ${typeof type === 'function' ? type.name : String(type)}`);
      } else {
        problems.push(...dtoTreeProblems(type).map((p) => `${at}: ${p}`));
        inputShape = { kind: 'dto', dto: type as abstract new () => object };
      }
      plan.push((value) => value);
      continue;
    }
    const name = param.name;
    const argAt = `${where} @Arg('${name}')`;
    if (!ARG_NAME.test(name) || isForbiddenKey(name)) {
      problems.push(`${argAt}: "${name}" is not a usable argument name (letters, digits, "_", "$" and "-", not __proto__/constructor/prototype)`);
    }
    if (properties.some((p) => p.name === name)) problems.push(`${argAt}: two parameters are named "${name}"`);
    const shape = argShape(param.options, reflected, argAt, problems);
    const hasDefault = param.options.default !== undefined;
    properties.push({ name, shape, required: param.options.optional !== true && !hasDefault, ...(hasDefault && { default: { value: param.options.default } }) });
    if (hasDefault) {
      const run = new ValidationRun({ maxDepth: 64, maxStringLength: Infinity, maxArrayLength: Infinity, maxProperties: Infinity, maxIssues: 10 });
      compileShape(shape, { coerce: false })(param.options.default, name, run, 0);
      if (run.issues.length > 0) problems.push(`${argAt}: its default does not pass its own declaration: ${run.issues.map((x) => x.message).join('; ')}`);
    }
    plan.push((value) => value[name]);
  }
  if (inputShape !== undefined && properties.length > 0) {
    problems.push(`${where}: mixes @Input() with @Arg(); use one DTO with @Input(), or @Arg for each argument`);
  }
  return { shape: inputShape ?? { kind: 'object', properties, additionalProperties: false }, plan };
}

function readOutput(output: unknown, where: string, problems: string[]): Shape | undefined {
  if (output === undefined) return undefined;
  if (typeof output === 'function') {
    problems.push(...dtoTreeProblems(output).map((p) => `${where} output: ${p}`));
    return { kind: 'dto', dto: output as abstract new () => object };
  }
  if (typeof output === 'object' && output !== null) return jsonSchemaToShape(output as JsonSchema, `${where} output`, problems);
  problems.push(`${where}: output must be a DTO class or a JSON Schema object`);
  return undefined;
}

function runValidator(validator: Validator, input: unknown, env: ToolEnvironment): InputValidation | Promise<InputValidation> {
  const run = new ValidationRun(env.limits);
  let value: unknown;
  try {
    value = validator(input, '', run, 0);
  } catch {
    // What the getter or proxy threw is not repeated: its text is the caller's, not the model's, and may name paths.
    run.report('', 'could not be read (reading them threw); send plain JSON data', 'readable');
  }
  const finish = (): InputValidation => (run.issues.length === 0 && run.dropped === 0 ? { ok: true, value } : { ok: false, issues: run.finish() });
  if (run.pending === undefined) return finish();
  return Promise.all(run.pending).then(finish);
}

/** Issues with a result already in its JSON form (see `toJsonValue`), or undefined when it matches. */
function checkOutput(validator: Validator, json: unknown, env: ToolEnvironment) {
  // A result may hold anything (a secret, a user's data): its messages describe the mismatch without quoting it.
  const run = new ValidationRun(env.limits, { quoteValues: false });
  validator(json, '', run, 0);
  return run.issues.length === 0 ? undefined : run.finish().map((i) => ({ ...i, message: i.message.replace(/^the arguments/, 'the result') }));
}

function buildDefinition(declaration: ToolDeclaration, toolset: string, input: Shape, output: Shape | undefined): ToolDefinition {
  const { options, permissions, examples } = declaration;
  const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } => (value === undefined ? {} : ({ [key]: value } as { [P in K]: V }));
  return {
    name: options.name,
    description: options.description,
    modelDescription: renderModelDescription(options.name, options.description, options.deprecated, examples),
    toolset,
    inputSchema: shapeToJsonSchema(input),
    ...(output !== undefined && { outputSchema: shapeToJsonSchema(output) }),
    tags: [...(options.tags ?? [])],
    permissions: [...new Set(permissions)],
    ...optional('version', options.version),
    ...optional('deprecated', options.deprecated),
    ...optional('idempotent', options.idempotent),
    ...optional('readOnly', options.readOnly),
    ...optional('destructive', options.destructive),
    ...optional('openWorld', options.openWorld),
    examples: examples.map((e) => ({ ...e })),
    ...optional('metadata', options.metadata),
  };
}
