import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ResolutionContext } from 'inversify';
import { trackCalls } from '../context/currentCall.js';
import type { ToolContext } from '../contracts/ToolContext.js';
import { refreshSecrets } from '../errors/redactSecrets.js';
import { silentLogger } from '../context/silentLogger.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { readToolDeclarations } from '../metadata/readToolDeclarations.js';
import type { AuditOptions, AuditSink, AuditSinkFunction, AuditSinkLike } from '../contracts/AuditRecord.js';
import type { Logger } from '../contracts/Logger.js';
import type { AskFunction, QuestionAsker, QuestionOptions } from '../contracts/Question.js';
import type { ApproveFunction, ToolApprover, ApprovalOptions } from '../contracts/ToolApprover.js';
import type { AuditDestination } from '../pipeline/AuditTrail.js';
import { resolveGuard } from '../pipeline/resolveGuard.js';
import type { ResolvedGuard } from '../contracts/ResolvedGuard.js';
import type { GuardFunction, ToolGuard } from '../contracts/ToolGuard.js';
import type { ToolInterceptor, ToolMiddleware } from '../contracts/ToolMiddleware.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import { isTimeoutMs, MAX_TIMEOUT_MS } from '../pipeline/callTimeout.js';
import { MemoryResultStore } from '../registry/MemoryResultStore.js';
import { ReadResults } from '../registry/ReadResults.js';
import { LiveTools } from '../registry/LiveTools.js';
import { ToolCatalog } from '../registry/ToolCatalog.js';
import { registryOver, ToolRegistry } from '../registry/ToolRegistry.js';
import { EntryCatalog } from '../registry/EntryCatalog.js';
import { ResourceUpdates } from '../registry/ResourceUpdates.js';
import { compileEntry } from './compileEntry.js';
import { EntryList } from './EntryList.js';
import { LiveEntries } from './LiveEntries.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import type { DeclarationFeed } from './DeclarationFeed.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import { ownOptions } from '../internal/ownOptions.js';
import type { TypeManifest, TypeManifestEntry } from '../contracts/TypeManifest.js';
import { typeManifest } from '../metadata/typeManifest.js';
import type { ResultBudgetOptions, ResultStore } from '../contracts/ResultStore.js';
import { defaultValidationLimits } from '../schema/ValidationLimits.js';
import { compileTool, defaultApprovalTimeoutMs } from '../tools/compileTool.js';
import type { ToolEnvironment } from '../tools/ToolEnvironment.js';
import { createRegisteredTool } from '../tools/createRegisteredTool.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';
import { DEFAULT_CONTENT_LIMITS } from '../results/contentDefaults.js';
import { resolveContentLimits } from '../results/resolveContentLimits.js';
import { TOOLS_MODULE_OPTIONS, TOOLSET } from './tokens.js';
import type { ToolsModuleOptions } from './ToolsModuleOptions.js';
import type { ToolsetDescriptor } from './ToolsetOptions.js';

/** The default result budget: about 25,000 tokens of JSON. */
const DEFAULT_RESULT_CHARS = 100_000;

const TOOLSET_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

const MODULE_KEYS = [
  'interceptors',
  'guards',
  'approvals',
  'questions',
  'audit',
  'results',
  'content',
  'timeoutMs',
  'coerce',
  'limits',
  'logger',
  'types',
] as const;
const APPROVAL_KEYS = ['approve', 'when', 'timeoutMs'] as const satisfies readonly (keyof ApprovalOptions)[];
const QUESTION_KEYS = ['ask', 'timeoutMs'] as const satisfies readonly (keyof QuestionOptions)[];
const RESULT_KEYS = ['maxChars', 'store'] as const satisfies readonly (keyof ResultBudgetOptions)[];
const AUDIT_KEYS = ['sink', 'captureArguments'] as const satisfies readonly (keyof AuditOptions)[];

/**
 * Builds the ToolRegistry from every toolset loaded in the container. Runs once, on the first
 * `container.get(ToolRegistry)`, and reports every wiring mistake at once in one ToolDefinitionError.
 */
export function buildRegistry(context: ResolutionContext): ToolRegistry {
  const problems: DefinitionProblem[] = [];
  refreshSecrets();
  const moduleOptions =
    attempt(() => context.get(TOOLS_MODULE_OPTIONS, { optional: true }), problems, {
      where: '',
      code: 'duplicate_module',
      message: 'toolsModule() is loaded more than once; load it once',
    }) ?? {};
  const toolsets =
    attempt(() => context.getAll(TOOLSET), problems, {
      where: '',
      code: 'invalid_toolset',
      message: 'the toolsets could not be read',
    }) ?? [];
  const updates = context.get(ResourceUpdates, { optional: true });
  return assembleRegistry(moduleOptions, toolsets, inversifyResolver(context), problems, updates);
}

/** Where the registry gets instances of the classes it is given: Inversify's context, or another container. */
export interface InstanceResolver {
  /** An interceptor, guard, approver, audit sink or result store class, resolved once; throws if it cannot. */
  service(type: Function): object;
  /** A tool class, resolved once for a singleton toolset and on every call for a `call` one; throws if it cannot. */
  tool(type: Function): object;
}

function inversifyResolver(context: ResolutionContext): InstanceResolver {
  return {
    service: (type) => context.get(type as new () => object, { autobind: true }),
    tool: (type) => context.get(type as new () => object),
  };
}

/**
 * Builds the ToolRegistry from module options, toolsets and a resolver, with every wiring mistake
 * (`problems` already found included) reported at once in one ToolDefinitionError.
 * @internal The seam shared by the Inversify path and the Nest module.
 */
export function assembleRegistry(
  givenOptions: ToolsModuleOptions,
  toolsets: readonly ToolsetDescriptor[],
  resolver: InstanceResolver,
  problems: DefinitionProblem[],
  updates: ResourceUpdates = new ResourceUpdates(),
): ToolRegistry {
  // Own keys only, here where every path meets (toolsModule, none at all, the Nest module): a polluted
  // Object.prototype.approvals must not approve a call, nor .audit, .results or .guards change one.
  const moduleOptions = ownModuleOptions(givenOptions, problems);
  checkModuleOptions(moduleOptions, problems);

  // Interceptor, guard and approver classes are resolved from the container once, so they can inject services.
  const instances = new Map<Function, object>();
  const fromContainer = <T extends object>(
    type: Function,
    kind: string,
    where: string,
    found: DefinitionProblem[],
  ): T | undefined => {
    let instance = instances.get(type);
    if (instance === undefined) {
      instance = attempt(() => resolver.service(type), found, {
        where,
        code: 'container_failed',
        message: `${kind} ${type.name} could not be created by the container`,
      });
      if (instance === undefined) return undefined;
      instances.set(type, instance);
    }
    return instance as T;
  };
  const hasMethod = (value: unknown, method: string): boolean =>
    typeof value === 'function'
      ? typeof (value.prototype as Record<string, unknown> | undefined)?.[method] === 'function'
      : typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[method] === 'function';

  const toMiddleware = (
    interceptor: unknown,
    where: string,
    found: DefinitionProblem[],
  ): ToolMiddleware | undefined => {
    if (hasMethod(interceptor, 'intercept')) {
      const instance =
        typeof interceptor === 'function'
          ? fromContainer<ToolInterceptor>(interceptor, 'interceptor', where, found)
          : (interceptor as ToolInterceptor);
      return instance === undefined ? undefined : (input, ctx, next) => instance.intercept(input, ctx, next);
    }
    if (typeof interceptor === 'function') return interceptor as ToolMiddleware;
    found.push({
      where,
      code: 'invalid_interceptor',
      message: `${String(interceptor)} is not an interceptor (a function (input, ctx, next), a class with intercept(), or an instance of one)`,
    });
    return undefined;
  };

  const toGuard = (guard: unknown, where: string, found: DefinitionProblem[]): ResolvedGuard | undefined => {
    if (hasMethod(guard, 'canActivate')) {
      const instance =
        typeof guard === 'function' ? fromContainer<ToolGuard>(guard, 'guard', where, found) : (guard as ToolGuard);
      const name = typeof guard === 'function' ? guard.name : ((guard as object).constructor?.name ?? 'guard');
      return instance === undefined ? undefined : resolveGuard(instance, `${where}: ${name}`);
    }
    if (typeof guard === 'function')
      return resolveGuard(guard as GuardFunction, `${where}: ${guard.name || 'guard function'}`);
    found.push({
      where,
      code: 'invalid_guard',
      message: `${String(guard)} is not a guard (a function (request) => boolean | string, a class with canActivate(), an instance of one, or a PermissionSet)`,
    });
    return undefined;
  };

  const toApprover = (approver: unknown, found: DefinitionProblem[]): ApproveFunction | undefined => {
    if (approver === undefined) return undefined;
    if (hasMethod(approver, 'approve')) {
      const instance =
        typeof approver === 'function'
          ? fromContainer<ToolApprover>(approver, 'approver', 'toolsModule approvals', found)
          : (approver as ToolApprover);
      return instance === undefined ? undefined : (request) => instance.approve(request);
    }
    if (typeof approver === 'function') return approver as ApproveFunction;
    found.push({
      where: 'toolsModule approvals',
      code: 'invalid_approver',
      message:
        'approve must be a function (request) => boolean | string, a class with approve(), or an instance of one',
    });
    return undefined;
  };
  const toAsker = (asker: unknown, found: DefinitionProblem[]): AskFunction | undefined => {
    if (asker === undefined) return undefined;
    if (hasMethod(asker, 'ask')) {
      const instance =
        typeof asker === 'function'
          ? fromContainer<QuestionAsker>(asker, 'asker', 'toolsModule questions', found)
          : (asker as QuestionAsker);
      return instance === undefined ? undefined : (request) => instance.ask(request);
    }
    if (typeof asker === 'function') return asker as AskFunction;
    found.push({
      where: 'toolsModule questions',
      code: 'invalid_module_option',
      message: 'ask must be a function (request) => reply, a class with ask(), or an instance of one',
    });
    return undefined;
  };
  const questions = readQuestionOptions(moduleOptions.questions, problems);
  const moduleQuestions =
    questions === undefined ? undefined : { ask: toAsker(questions.ask, problems), timeoutMs: questions.timeoutMs };
  const approvalOptions = moduleOptions.approvals;
  const approvals =
    approvalOptions === undefined
      ? undefined
      : {
          approve: toApprover(approvalOptions.approve, problems),
          when: approvalOptions.when ?? ((tool: ToolDefinition) => tool.destructive === true),
          timeoutMs: approvalOptions.timeoutMs ?? defaultApprovalTimeoutMs,
        };
  const audit = toAuditDestination(
    moduleOptions.audit,
    moduleOptions.logger ?? silentLogger,
    fromContainer,
    hasMethod,
    problems,
  );
  // Result budgets are on unless the app turns them off with `results: false`.
  const budgets = moduleOptions.results === false ? undefined : ownOptions(moduleOptions.results ?? {}, RESULT_KEYS);
  if (budgets?.problem !== undefined)
    problems.push({ where: 'toolsModule results', code: 'invalid_module_option', message: budgets.problem });
  const maxResultChars = budgets === undefined ? undefined : (budgets.options.maxChars ?? DEFAULT_RESULT_CHARS);
  let store: ResultStore | undefined;
  if (budgets !== undefined) {
    const given = budgets.options.store;
    if (typeof given === 'function')
      store = fromContainer<ResultStore>(given, 'result store', 'toolsModule results', problems);
    else if (given !== undefined && !(hasMethod(given, 'save') && hasMethod(given, 'load')))
      problems.push({
        where: 'toolsModule results',
        code: 'invalid_module_option',
        message: 'store must be a ResultStore (save and load) or an injectable class of one',
      });
    else store = given ?? new MemoryResultStore();
    if (!(Number.isInteger(maxResultChars) && (maxResultChars as number) >= 256)) {
      problems.push({
        where: 'toolsModule results',
        code: 'invalid_result_budget',
        message: 'maxChars must be a whole number of characters, at least 256',
      });
    }
  }
  const contentLimits = resolveContentLimits(
    moduleOptions.content,
    DEFAULT_CONTENT_LIMITS,
    'toolsModule content',
    problems,
  );
  const moduleGuards = (moduleOptions.guards ?? []).flatMap((g) => toGuard(g, 'toolsModule', problems) ?? []);

  const moduleMiddlewares = (moduleOptions.interceptors ?? []).flatMap(
    (i) => toMiddleware(i, 'toolsModule', problems) ?? [],
  );
  // What every tool of this registry shares, completed by what its toolset decides.
  const environment = (
    own: Pick<
      ToolEnvironment,
      'toolset' | 'granted' | 'outerMiddlewares' | 'outerGuards' | 'approvals' | 'instanceFor'
    >,
  ): ToolEnvironment => ({
    toolset: own.toolset,
    granted: own.granted,
    outerMiddlewares: own.outerMiddlewares,
    outerGuards: own.outerGuards,
    approvals: own.approvals,
    questions: moduleQuestions,
    instanceFor: own.instanceFor,
    toGuard,
    audit,
    maxResultChars,
    contentLimits,
    coerce: moduleOptions.coerce === true,
    limits: { ...defaultValidationLimits, ...moduleOptions.limits },
    timeoutMs: moduleOptions.timeoutMs,
    logger: moduleOptions.logger ?? silentLogger,
    toMiddleware,
  });
  const types = typeIndex(moduleOptions.types, problems);
  const loaded = new Set<Function>();
  const matched = new Set<TypeManifestEntry>();
  const tools: RegisteredTool[] = [];
  const entries = new EntryList();
  const owners = new Map<string, string>();
  const seenToolsets = new Set<string>();
  const lives: LiveToolset[] = [];
  for (const set of toolsets) {
    if (typeof set.name !== 'string' || !TOOLSET_NAME.test(set.name))
      problems.push({
        where: '',
        code: 'invalid_toolset',
        message: `toolset name ${JSON.stringify(set.name)} must match ${TOOLSET_NAME.source}`,
      });
    if (seenToolsets.has(set.name))
      problems.push({
        where: '',
        code: 'duplicate_toolset',
        message: `toolset "${set.name}" is loaded twice; give each toolset its own name`,
      });
    seenToolsets.add(set.name);
    const where = `toolset "${set.name}"`;
    const outerMiddlewares = [
      ...moduleMiddlewares,
      ...set.interceptors.flatMap((i) => toMiddleware(i, where, problems) ?? []),
    ];
    const outerGuards = [...moduleGuards, ...(set.guards ?? []).flatMap((g) => toGuard(g, where, problems) ?? [])];
    const handlers = new Map<Function, ((ctx: ToolContext) => object) | undefined>();
    // Where a failure to resolve goes: this build's problems, or a live toolset's update's.
    let found = problems;
    const instanceFor = (target: Function): ((ctx: ToolContext) => object) | undefined => {
      if (!handlers.has(target)) handlers.set(target, resolveInstance(resolver, target, set.scope, found));
      return handlers.get(target);
    };
    const env = environment({
      toolset: set.name,
      granted: set.granted,
      outerMiddlewares,
      outerGuards,
      approvals,
      instanceFor,
    });
    const declarations = [...(set.declarations ?? [])];
    for (const target of set.tools) {
      if (typeof target !== 'function') {
        problems.push({ where, code: 'not_a_class', message: `${String(target)} is not a class` });
        continue;
      }
      const typed = types?.get(target);
      const read = readToolDeclarations(target, typed === undefined ? undefined : (method) => typed.get(method));
      problems.push(...read.problems);
      loaded.add(target);
      for (const declaration of read.declarations) {
        if (declaration.types !== undefined) matched.add(declaration.types);
        declarations.push(declaration);
      }
    }
    const live = set.feed === undefined ? undefined : new LiveTools(set.name);
    const first = new Map<string, RegisteredTool>();
    for (const declaration of declarations) {
      if (declaration.entry !== undefined) {
        // A live toolset's entries are put in place by its feed's updates, the first one when it is attached.
        if (live === undefined) compileEntry(declaration, env, set.name, entries, problems);
        continue;
      }
      const core = compileTool(declaration, env, problems);
      const name = declaration.options.name;
      const owner = owners.get(name);
      if (owner !== undefined) {
        problems.push({
          where: declaration.where,
          code: 'duplicate_name',
          message: `tool name "${name}" is already used by ${owner}; tool names must be unique across toolsets`,
        });
      } else owners.set(name, `${declaration.where} in toolset "${set.name}"`);
      if (core !== undefined && owner === undefined) {
        const tool = createRegisteredTool(core);
        if (live === undefined) tools.push(tool);
        else first.set(name, tool);
      }
    }
    if (live !== undefined && set.feed !== undefined) {
      live.replace(first);
      const compile = (declaration: ToolDeclaration, into: DefinitionProblem[]): RegisteredTool | undefined => {
        found = into;
        try {
          const core = compileTool(declaration, env, into);
          return core === undefined ? undefined : createRegisteredTool(core);
        } finally {
          found = problems;
        }
      };
      const compiled = new Map<ToolDeclaration, RegisteredTool>();
      for (const declaration of declarations) {
        const tool = first.get(declaration.options.name);
        if (tool !== undefined) compiled.set(declaration, tool);
      }
      lives.push({
        live,
        feed: set.feed,
        compile,
        compiled,
        entries: new LiveEntries(set.name, compile),
      });
    }
  }
  for (const [target, methods] of types ?? []) {
    if (!loaded.has(target)) continue;
    for (const [method, entry] of methods)
      if (!matched.has(entry))
        problems.push({
          where: `${target.name}.${method}`,
          code: 'stale_manifest',
          message: `the type manifest (from ${entry.module}) describes a handler the class no longer has; run hermes-tools typegen`,
        });
  }
  if (store !== undefined && maxResultChars !== undefined) {
    // results.read goes through the same pipeline as every tool: the module's guards, interceptors and audit.
    const read = readToolDeclarations(ReadResults).declarations[0]!;
    const instance = new ReadResults(store, maxResultChars);
    const core = compileTool(
      read,
      environment({
        toolset: 'results',
        granted: PermissionSet.none(),
        outerMiddlewares: moduleMiddlewares,
        outerGuards: moduleGuards,
        approvals: undefined,
        instanceFor: () => () => instance,
      }),
      problems,
    );
    if (owners.has('results.read'))
      problems.push({
        where: owners.get('results.read')!,
        code: 'duplicate_name',
        message:
          'the name "results.read" is taken by the registry while result budgets are on (the default); rename this tool, or turn budgets off with toolsModule({ results: false })',
      });
    else if (core !== undefined) tools.push(createRegisteredTool(core));
  }
  if (problems.length > 0) throw new ToolDefinitionError(problems);
  const registryOptions = {
    ...(audit !== undefined && { audit }),
    ...(store !== undefined && { results: store }),
  };
  const liveEntries = lives.map((l) => l.entries);
  const entryCatalog = EntryCatalog.of(entries.resources, entries.prompts, liveEntries);
  if (lives.length === 0) return registryOver(ToolCatalog.of(tools), registryOptions, entryCatalog, updates);
  const fixed = new Set(tools.map((tool) => tool.name));
  for (const entry of lives)
    entry.feed.attach(
      (declarations) => [
        ...updateLive(
          entry,
          declarations.filter((d) => d.entry === undefined),
          fixed,
          lives,
        ),
        ...entry.entries.replace(
          declarations.filter((d) => d.entry !== undefined),
          entries.owners,
          liveEntries,
        ),
      ],
      updates,
    );
  const catalog = ToolCatalog.of(
    tools,
    undefined,
    undefined,
    lives.map(({ live }) => ({ tools: live, filters: [] })),
  );
  return registryOver(catalog, registryOptions, entryCatalog, updates);
}

/** A toolset whose tools follow its feed, in the registry being built. */
interface LiveToolset {
  readonly live: LiveTools;
  readonly feed: DeclarationFeed;
  /** Compiles one declaration with the toolset's environment, its problems pushed to `into`. */
  readonly compile: (declaration: ToolDeclaration, into: DefinitionProblem[]) => RegisteredTool | undefined;
  /** The tool each current declaration compiled to: a declaration given again is not compiled again. */
  compiled: Map<ToolDeclaration, RegisteredTool>;
  /**
   * Its resources, templates and prompts, put in place from each update as its tools are, the first one included (its
   * feed's first update, when attached): one whose name or URI another toolset holds is left out, and the feed says so.
   */
  readonly entries: LiveEntries;
}

/**
 * Puts in place the tools compiled from a live toolset's new declarations: a declaration already compiled keeps its
 * tool, and a name held by a fixed tool or by another live toolset is refused as at load.
 */
function updateLive(
  entry: LiveToolset,
  declarations: readonly ToolDeclaration[],
  fixed: ReadonlySet<string>,
  lives: readonly LiveToolset[],
): readonly DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const compiled = new Map<ToolDeclaration, RegisteredTool>();
  const next = new Map<string, RegisteredTool>();
  for (const declaration of declarations) {
    const name = declaration.options.name;
    const other = lives.find((l) => l !== entry && l.live.find(name) !== undefined);
    const holder = fixed.has(name)
      ? 'a tool of another toolset'
      : other !== undefined
        ? `toolset "${other.live.toolset}"`
        : next.has(name)
          ? 'another tool of this toolset'
          : undefined;
    if (holder !== undefined) {
      problems.push({
        where: declaration.where,
        code: 'duplicate_name',
        message: `tool name "${name}" is already used by ${holder}; it is left out (tool names must be unique across toolsets)`,
      });
      continue;
    }
    const tool = entry.compiled.get(declaration) ?? entry.compile(declaration, problems);
    if (tool === undefined) continue;
    compiled.set(declaration, tool);
    next.set(name, tool);
  }
  entry.compiled = compiled;
  entry.live.replace(next);
  return problems;
}

function resolveInstance(
  resolver: InstanceResolver,
  target: Function,
  scope: 'singleton' | 'call',
  problems: DefinitionProblem[],
): ((ctx: ToolContext) => object) | undefined {
  const resolve = () => resolver.tool(target);
  if (scope === 'call') {
    // A call-scoped tool is resolved inside the call, and may read its injected ToolContext there.
    trackCalls();
    return () => resolve();
  }
  const instance = attempt(resolve, problems, {
    where: target.name,
    code: 'container_failed',
    message: 'the container could not create it (are its dependencies bound?)',
  });
  return instance === undefined ? undefined : () => instance;
}

/** The module options' own keys, and their `approvals`' own keys; an unknown key is a problem. */
function ownModuleOptions(given: ToolsModuleOptions, problems: DefinitionProblem[]): ToolsModuleOptions {
  const { options, problem } = ownOptions(given, MODULE_KEYS);
  if (problem !== undefined) problems.push({ where: 'toolsModule', code: 'invalid_module_option', message: problem });
  const approvals = options.approvals;
  if (approvals === undefined) return options;
  if (typeof approvals !== 'object' || approvals === null) {
    problems.push({
      where: 'toolsModule',
      code: 'invalid_module_option',
      message: 'approvals must be an object { approve?, when?, timeoutMs? }',
    });
    return Object.assign(Object.create(null) as ToolsModuleOptions, options, {
      approvals: Object.create(null) as ApprovalOptions,
    });
  }
  const own = ownOptions(approvals, APPROVAL_KEYS);
  if (own.problem !== undefined)
    problems.push({ where: 'toolsModule approvals', code: 'invalid_module_option', message: own.problem });
  // Still without a prototype: a spread copy would read a polluted Object.prototype for every option left out.
  return Object.assign(Object.create(null) as ToolsModuleOptions, options, { approvals: own.options });
}

/** `toolsModule({ questions })` read as own keys: undefined when absent, a problem pushed when malformed. */
function readQuestionOptions(given: unknown, problems: DefinitionProblem[]): QuestionOptions | undefined {
  if (given === undefined) return undefined;
  if (typeof given !== 'object' || given === null) {
    problems.push({
      where: 'toolsModule',
      code: 'invalid_module_option',
      message: 'questions must be an object { ask?, timeoutMs? }',
    });
    return undefined;
  }
  const { options, problem } = ownOptions(given as QuestionOptions, QUESTION_KEYS);
  if (problem !== undefined)
    problems.push({ where: 'toolsModule questions', code: 'invalid_module_option', message: problem });
  if (options.timeoutMs !== undefined && !isTimeoutMs(options.timeoutMs))
    problems.push({
      where: 'toolsModule questions',
      code: 'invalid_timeout',
      message: `timeoutMs must be a number of milliseconds greater than 0 and at most ${MAX_TIMEOUT_MS}`,
    });
  return options;
}

function checkModuleOptions(options: ToolsModuleOptions, problems: DefinitionProblem[]): void {
  if (options.timeoutMs !== undefined && !isTimeoutMs(options.timeoutMs)) {
    problems.push({
      where: 'toolsModule',
      code: 'invalid_timeout',
      message: `timeoutMs must be a number of milliseconds greater than 0 and at most ${MAX_TIMEOUT_MS} (about 24.8 days; Node fires longer timers after 1 ms)`,
    });
  }
  const approvals = options.approvals;
  if (approvals !== undefined) {
    if (approvals.when !== undefined && typeof approvals.when !== 'function')
      problems.push({
        where: 'toolsModule',
        code: 'invalid_module_option',
        message: 'approvals.when must be a function (tool) => boolean',
      });
    if (approvals.timeoutMs !== undefined && !isTimeoutMs(approvals.timeoutMs)) {
      problems.push({
        where: 'toolsModule',
        code: 'invalid_timeout',
        message: `approvals.timeoutMs must be a number of milliseconds greater than 0 and at most ${MAX_TIMEOUT_MS}`,
      });
    }
  }
  for (const [key, value] of Object.entries(options.limits ?? {})) {
    if (!(key in defaultValidationLimits))
      problems.push({
        where: 'toolsModule',
        code: 'invalid_module_option',
        message: `limits.${key} is not a known limit (${Object.keys(defaultValidationLimits).join(', ')})`,
      });
    else if (typeof value !== 'number' || !(value > 0))
      problems.push({
        where: 'toolsModule',
        code: 'invalid_module_option',
        message: `limits.${key} must be a positive number`,
      });
  }
}

/** `run()`, or undefined with `problem` pushed, its message followed by the first line of what was thrown. */
function attempt<T>(run: () => T, problems: DefinitionProblem[], problem: DefinitionProblem): T | undefined {
  try {
    return run();
  } catch (error) {
    problems.push({
      ...problem,
      message: `${problem.message}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    });
    return undefined;
  }
}

function toAuditDestination(
  given: AuditSinkLike | AuditOptions | undefined,
  logger: Logger,
  fromContainer: <T extends object>(
    type: Function,
    kind: string,
    where: string,
    found: DefinitionProblem[],
  ) => T | undefined,
  hasMethod: (value: unknown, method: string) => boolean,
  problems: DefinitionProblem[],
): AuditDestination | undefined {
  if (given === undefined) return undefined;
  // `{ sink, captureArguments }` only when it holds its own sink: a polluted Object.prototype.sink names no sink.
  let options: Partial<AuditOptions> = { sink: given as AuditSinkLike };
  if (typeof given === 'object' && given !== null && Object.hasOwn(given, 'sink')) {
    const own = ownOptions(given as AuditOptions, AUDIT_KEYS);
    if (own.problem !== undefined)
      problems.push({ where: 'toolsModule audit', code: 'invalid_module_option', message: own.problem });
    options = own.options;
  }
  const sink = options.sink;
  let send: AuditDestination['send'] | undefined;
  if (hasMethod(sink, 'record')) {
    const instance =
      typeof sink === 'function'
        ? fromContainer<AuditSink>(sink, 'audit sink', 'toolsModule audit', problems)
        : (sink as AuditSink);
    if (instance !== undefined) send = (record) => instance.record(record);
  } else if (typeof sink === 'function') {
    send = sink as AuditSinkFunction;
  } else {
    problems.push({
      where: 'toolsModule audit',
      code: 'invalid_audit_sink',
      message: 'the sink must be a function (record) => void, a class with record(), or an instance of one',
    });
  }
  return send === undefined ? undefined : { send, captureArguments: options.captureArguments === true, logger };
}

/** The manifest's entries by class and method; a manifest `typeManifest` did not make is checked first. */
function typeIndex(
  given: TypeManifest | undefined,
  problems: DefinitionProblem[],
): ReadonlyMap<Function, ReadonlyMap<string, TypeManifestEntry>> | undefined {
  if (given === undefined) return undefined;
  let manifest: TypeManifest;
  try {
    manifest = typeManifest(given);
  } catch (error) {
    if (!(error instanceof ToolDefinitionError)) throw error;
    problems.push(...error.details);
    return undefined;
  }
  const index = new Map<Function, Map<string, TypeManifestEntry>>();
  for (const entry of manifest.entries) {
    if (!index.has(entry.class)) index.set(entry.class, new Map());
    index.get(entry.class)!.set(entry.method, entry);
  }
  return index;
}
