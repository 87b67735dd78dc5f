import { ContainerModule } from 'inversify';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ToolContext } from '../contracts/ToolContext.js';
import { loadToolset } from '../di/toolset.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import { readToolDeclarations } from '../metadata/readToolDeclarations.js';
import { MAX_TIMEOUT_MS } from '../pipeline/callTimeout.js';
import { planArguments } from '../tools/planArguments.js';
import { silentLogger } from '../context/silentLogger.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import { ownValue } from '../internal/ownValue.js';
import { ownOptions } from '../internal/ownOptions.js';
import { QueuedCalls } from './QueuedCalls.js';
import { QUEUE_NAME } from './queueSignals.js';
import type { QueuedToolsetOptions } from './QueuedToolsetOptions.js';
import { readQueueAddress } from './readQueueAddress.js';
import { readSigningKeys } from './readSigningKeys.js';

/**
 * The module `queuedToolset` returns: load it with `await container.loadAsync(module)` (the load connects to Redis),
 * and close it when done.
 */
export interface QueuedToolsetModule extends ContainerModule {
  /** Closes the toolset's Redis connections. Calls still waiting for their worker end as unavailable. */
  close(): Promise<void>;
}

/**
 * A container module holding tools whose calls run on a BullMQ queue, on the workers of
 * `toolWorker`. Each tool keeps its definition, schema, guards, validation and approval, all
 * checked here first: a call that would be refused never reaches Redis. Then, in place of the
 * handler, the call becomes a job; the worker's progress reaches the caller's `onProgress`, the
 * caller's timeout or signal cancels the job, and the worker's outcome comes back as a local
 * call's would, with the same error codes.
 *
 * Here the tools' classes are only read, never built: the agent needs none of their services.
 * Their `@Requires` and `@UseInterceptors` belong to the handler, so they run on the worker; here a
 * tool is available while Redis is connected.
 *
 * @example
 * const reports = queuedToolset({ name: 'reports', tools: [BuildReport], granted:
 * PermissionSet.none().grant('reports:build'), queue: { connection: { url: 'redis://127.0.0.1:6379' }, name: 'reports'
 * } });
 * await container.loadAsync(toolsModule(), reports);
 */
export function queuedToolset(given: QueuedToolsetOptions): QueuedToolsetModule {
  // Own keys only, read once, here: a polluted Object.prototype grants, guards or signs nothing.
  const { options, unknown } = ownOptions(given, KEYS);
  const where = `queuedToolset "${String(options.name)}"`;
  const checked = checkOptions(options, where);
  if (unknown.length > 0)
    checked.push({
      where,
      code: 'invalid_toolset',
      message: `unknown option ${unknown.slice(0, 5).join(', ')}; the options are ${KEYS.join(', ')}`,
    });
  const address = readQueueAddress(options.queue);
  const retry = ownOptions<NonNullable<QueuedToolsetOptions['retry']>>(options.retry, ['attempts', 'backoffMs']);
  if (retry.unknown.length > 0)
    checked.push({ where, code: 'invalid_toolset', message: 'retry must be { attempts?, backoffMs? }' });
  const keys = readSigningKeys(options.signingKey);
  if (!keys.ok) checked.push({ where, code: 'invalid_toolset', message: keys.reason });
  let calls: QueuedCalls | undefined;
  // One class per toolset: its bound instance holds the queueing handlers of this toolset's tools.
  const Handlers = { [`QueuedToolset(${String(options.name)})`]: class {} }[`QueuedToolset(${String(options.name)})`]!;
  const module = new ContainerModule(async (load) => {
    if (checked.length > 0 || address === undefined || !keys.ok) throw new ToolDefinitionError(checked);
    const problems: DefinitionProblem[] = [];
    const queued = new QueuedCalls({
      address,
      describeCaller: options.describeCaller,
      retry: retry.options as QueuedToolsetOptions['retry'],
      keys: keys.keys,
      logger: options.logger ?? silentLogger,
    });
    const handlers: Record<string, (input: unknown, ctx: ToolContext) => Promise<unknown>> = Object.create(null);
    const declarations: ToolDeclaration[] = [];
    for (const target of options.tools ?? []) {
      if (typeof target !== 'function') {
        problems.push({ where, code: 'not_a_class', message: `${String(target)} is not a class` });
        continue;
      }
      const read = readToolDeclarations(target);
      problems.push(...read.problems);
      for (const declaration of read.declarations) {
        const start = problems.length;
        const { shape } = planArguments(declaration, problems);
        if (problems.length > start) continue;
        const method = `queue:${declaration.options.name}`;
        const tool = {
          name: declaration.options.name,
          permissions: declaration.permissions,
          idempotent: declaration.options.idempotent === true,
        };
        // The handler runs only once the call is approved, when its definition asks for approval.
        handlers[method] = (input, ctx) =>
          queued.run({ ...tool, approved: ctx.definition.approval !== undefined }, input, ctx);
        declarations.push({
          ...declaration,
          target: Handlers,
          method,
          input: shape,
          classInterceptors: [],
          methodInterceptors: [],
          requires: [
            { check: () => queued.connected(), description: `the queue "${address.name}", its Redis connected` },
          ],
          params: new Map(),
          paramTypes: undefined,
          arity: 2,
        });
      }
    }
    if (problems.length > 0) {
      await queued.close();
      throw new ToolDefinitionError(problems);
    }
    calls = queued;
    const timeoutMs = options.connectTimeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs).unref();
    });
    const started = await Promise.race([queued.start(), late]).finally(() => clearTimeout(timer));
    if (started === 'late') {
      await queued.abandon();
      throw new ToolDefinitionError([
        {
          where,
          code: 'queue_unreachable',
          message: `the queue's Redis did not answer within ${timeoutMs} ms; check queue.connection and that redis-server is running`,
        },
      ]);
    }
    load.bind(Handlers).toConstantValue(handlers);
    loadToolset(load, {
      name: options.name as string,
      tools: [],
      // Given explicitly, so that nothing down the line reads an inherited grant.
      granted: options.granted ?? PermissionSet.none(),
      guards: options.guards ?? [],
      interceptors: options.interceptors ?? [],
      declarations,
    });
  });
  return Object.assign(module, { close: () => calls?.close() ?? Promise.resolve() });
}

const KEYS = [
  'name',
  'tools',
  'granted',
  'guards',
  'interceptors',
  'queue',
  'describeCaller',
  'retry',
  'connectTimeoutMs',
  'signingKey',
  'logger',
] as const satisfies readonly (keyof QueuedToolsetOptions)[];

function checkOptions(options: Partial<QueuedToolsetOptions>, where: string): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const queue = options.queue as unknown as Record<string, unknown> | undefined;
  if (typeof options.name !== 'string' || options.name === '')
    problems.push({ where, code: 'invalid_toolset', message: 'name must be a non-empty string' });
  const connection = ownValue(queue, 'connection');
  if (typeof queue !== 'object' || queue === null || typeof connection !== 'object' || connection === null)
    problems.push({
      where,
      code: 'invalid_toolset',
      message:
        "queue must be { connection, name }, e.g. { connection: { url: 'redis://127.0.0.1:6379' }, name: 'tools' }",
    });
  else if (readQueueAddress(queue) === undefined)
    problems.push({
      where,
      code: 'invalid_toolset',
      message: `queue.name must match ${QUEUE_NAME.source} (BullMQ uses it in Redis keys), as must queue.prefix; queue takes only connection, name and prefix`,
    });
  if (
    options.connectTimeoutMs !== undefined &&
    !(
      Number.isInteger(options.connectTimeoutMs) &&
      options.connectTimeoutMs > 0 &&
      options.connectTimeoutMs <= MAX_TIMEOUT_MS
    )
  )
    problems.push({
      where,
      code: 'invalid_toolset',
      message: `connectTimeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
    });
  if (!Array.isArray(options.tools))
    problems.push({ where, code: 'invalid_toolset', message: 'tools must be an array of @Tool classes' });
  if (options.describeCaller !== undefined && typeof options.describeCaller !== 'function')
    problems.push({ where, code: 'invalid_toolset', message: 'describeCaller must be a function (caller) => JSON' });
  const retry = options.retry;
  if (retry !== undefined && (typeof retry !== 'object' || retry === null))
    problems.push({ where, code: 'invalid_toolset', message: 'retry must be { attempts?, backoffMs? }' });
  const attempts = ownValue(retry, 'attempts');
  if (attempts !== undefined && !(Number.isInteger(attempts) && attempts >= 1 && attempts <= 100))
    problems.push({ where, code: 'invalid_toolset', message: 'retry.attempts must be a whole number from 1 to 100' });
  const backoffMs = ownValue(retry, 'backoffMs');
  if (backoffMs !== undefined && !(Number.isInteger(backoffMs) && backoffMs >= 0 && backoffMs <= 3_600_000))
    problems.push({
      where,
      code: 'invalid_toolset',
      message: 'retry.backoffMs must be a whole number of milliseconds from 0 to 3600000',
    });
  return problems;
}
