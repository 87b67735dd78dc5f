import { IsInt, IsString, Min } from 'class-validator';
import {
  Arg,
  Ctx,
  OutputValidationError,
  PermissionSet,
  Tool,
  ToolAbortedError,
  ToolExecutionError,
  toolset,
  toolsModule,
  ToolTimeoutError,
  type ToolContext,
} from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';
import { deferred } from './support/deferred.js';

class Summary {
  @IsString() title!: string;
  @IsInt() @Min(0) words!: number;
}

let throwValue: unknown;
let lateRejected = false;
let sawAbort: unknown;
// Settles when a stubborn call has rejected, after its deadline: tests wait on it, not on a clock.
let stubbornRejected = deferred();

@Tool({ name: 'sync', description: 'A synchronous handler.' })
class Sync {
  execute(@Arg('n') n: number): number {
    return n * 2;
  }
}

@Tool({ name: 'async', description: 'An asynchronous handler.' })
class Async {
  async execute(@Arg('n') n: number): Promise<number> {
    await new Promise((r) => setTimeout(r, 1));
    return n * 3;
  }
}

@Tool({ name: 'throws', description: 'Throws whatever it is told.' })
class Throws {
  execute(): never {
    throw throwValue;
  }
}

@Tool({ name: 'rejects', description: 'Rejects whatever it is told.' })
class Rejects {
  async execute(): Promise<never> {
    throw throwValue;
  }
}

@Tool({ name: 'slow', description: 'Waits for its signal.', timeoutMs: 30 })
class Slow {
  execute(@Ctx() ctx: ToolContext): Promise<string> {
    return new Promise((resolve, reject) => {
      ctx.signal.addEventListener('abort', () => {
        sawAbort = ctx.signal.reason;
        reject(new Error('stopped'));
      });
      setTimeout(() => resolve('done'), 5_000).unref();
    });
  }
}

@Tool({ name: 'stubborn', description: 'Ignores its signal and rejects late.' })
class Stubborn {
  execute(@Arg('ms') ms: number): Promise<string> {
    return new Promise((_resolve, reject) =>
      setTimeout(() => {
        lateRejected = true;
        reject(new Error('late'));
        stubbornRejected.resolve();
      }, ms),
    );
  }
}

@Tool({ name: 'summarise', description: 'Summarise.', output: Summary })
class Summarise {
  execute(@Arg('good') good: boolean): unknown {
    return good ? { title: 'T', words: 3 } : { title: 3, words: -1, extra: true };
  }
}

@Tool({ name: 'count', description: 'Count.', output: { type: 'integer', minimum: 0 } })
class Count {
  execute(@Arg('n') n: number): number {
    return n;
  }
}

@Tool({ name: 'weird', description: 'Returns values that are not JSON.' })
class Weird {
  execute(@Arg('kind') kind: string): unknown {
    if (kind === 'cycle') {
      const a: Record<string, unknown> = {};
      a.self = a;
      return a;
    }
    if (kind === 'bigint') return 10n;
    return undefined;
  }
}

@Tool({ name: 'arity.none', description: 'Takes nothing.' })
class NoParameters {
  execute(): number {
    // biome-ignore lint/complexity/noArguments: what the handler was called with, not what it declares
    return arguments.length;
  }
}

@Tool({ name: 'arity.three', description: 'Three parameters, the context among them.' })
class ThreeParameters {
  execute(@Arg('a') a: string, @Ctx() ctx: ToolContext, @Arg('b', { optional: true }) b?: number): unknown[] {
    return [a, ctx.tool, b];
  }
}

@Tool({ name: 'arity.five', description: 'Five parameters.' })
class FiveParameters {
  execute(
    @Arg('a') a: string,
    @Arg('b') b: number,
    @Ctx() ctx: ToolContext,
    @Arg('c') c: boolean,
    @Arg('d', { type: String, optional: true }) d: string | undefined,
  ): unknown[] {
    return [a, b, ctx.tool, c, d];
  }
}

async function registry(timeoutMs?: number) {
  return (
    await buildRegistry(
      toolsModule(timeoutMs === undefined ? {} : { timeoutMs }),
      toolset({
        name: 't',
        tools: [Sync, Async, Throws, Rejects, Slow, Stubborn, Summarise, Count, Weird],
        granted: PermissionSet.all(),
      }),
    )
  ).registry;
}

describe('handlers', () => {
  it('get each parameter in its place, whatever their number', async () => {
    const { registry: r } = await buildRegistry(
      toolset({ name: 'arity', tools: [NoParameters, ThreeParameters, FiveParameters] }),
    );
    await expect(r.call('arity.none', {})).resolves.toBe(0);
    await expect(r.call('arity.three', { a: 'x' })).resolves.toEqual(['x', 'arity.three', undefined]);
    await expect(r.call('arity.three', { a: 'x', b: 2 })).resolves.toEqual(['x', 'arity.three', 2]);
    await expect(r.call('arity.five', { a: 'x', b: 1, c: true, d: 'y' })).resolves.toEqual([
      'x',
      1,
      'arity.five',
      true,
      'y',
    ]);
    await expect(r.call('arity.five', { a: 'x', b: 1, c: false })).resolves.toEqual([
      'x',
      1,
      'arity.five',
      false,
      undefined,
    ]);
  });

  it('may be sync or async', async () => {
    const r = await registry();
    await expect(r.call('sync', { n: 2 })).resolves.toBe(4);
    await expect(r.call('async', { n: 2 })).resolves.toBe(6);
  });

  it.each([
    ['an Error', new RangeError('out of range'), 'throws failed: out of range'],
    ['a string', 'plain string', 'throws failed: plain string'],
    ['undefined', undefined, 'throws failed: it threw undefined'],
    ['an object', { code: 42 }, 'throws failed: it threw a value of type object'],
    ['null', null, 'throws failed: it threw null'],
    ['a number', 42, 'throws failed: it threw a value of type number'],
    ['an empty string', '', 'throws failed: an empty string was thrown'],
    ['an Error without a message', new TypeError(''), 'throws failed: TypeError'],
    [
      'an Error without a message or a name',
      Object.assign(new Error(''), { name: '' }),
      'throws failed: an error without a message',
    ],
    ['a message of 500 characters (kept whole)', new Error('m'.repeat(500)), `throws failed: ${'m'.repeat(500)}`],
    ['a message of 501 characters (cut to 500)', new Error('m'.repeat(501)), `throws failed: ${'m'.repeat(500)}…`],
    ['a string with spaces around it', '  padded  ', 'throws failed: padded'],
    ['a message on two lines', new Error('first\nsecond'), 'throws failed: first\nsecond'],
    [
      'a token that holds a drive path but does not start with one',
      new Error('see xC:\\y'),
      'throws failed: see xC:\\y',
    ],
    [
      'an Error whose message cannot be read',
      Object.defineProperty(new Error(), 'message', {
        get: () => {
          throw new Error('no');
        },
      }),
      'throws failed: it threw a value that could not be described',
    ],
    // Only the first 2,000 characters are looked at: locations dropped from them do not bring later text in.
    [
      'a message of locations longer than 2,000 characters',
      new Error(`x${' /p'.repeat(700)} tail`),
      'throws failed: x',
    ],
    [
      'a message with locations',
      new Error('failed at C:\\app\\x.js:1:2 and (node:internal/x:1) in file:///a.js, 1 / 2\n  at f (/app/x.js:1:2)'),
      'throws failed: failed and in 1 / 2',
    ],
  ])('that throw %s give ToolExecutionError with the original as cause', async (_label, thrown, message) => {
    throwValue = thrown;
    const r = await registry();
    for (const tool of ['throws', 'rejects']) {
      const error = await r.call(tool, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolExecutionError);
      expect((error as Error).cause).toBe(thrown);
      // A fault keeps its stack trace for the operator (never in the outcome); a caller's mistake has none.
      expect((error as Error).stack).toMatch(/\n\s+at /);
      expect((error as Error).message).toBe(message.replace('throws', tool));
      const outcome = await r.dispatch(tool, {});
      expect(outcome).toMatchObject({ ok: false, error: { code: 'execution_failed', retryable: false } });
      expect(JSON.stringify(outcome)).not.toMatch(/at .*\.js/);
    }
  });

  it('never put an env secret into an error message', async () => {
    process.env.HERMES_TEST_API_TOKEN = 'tok-very-secret-value';
    throwValue = new Error('auth failed with tok-very-secret-value');
    const outcome = await (await registry()).dispatch('throws', {});
    delete process.env.HERMES_TEST_API_TOKEN;
    expect(outcome).toMatchObject({ ok: false, error: { message: 'throws failed: auth failed with [redacted]' } });
  });

  it('never put an env secret into the message of a library error that a tool changed after making it', async () => {
    process.env.HERMES_TEST_API_TOKEN = 'tok-very-secret-value';
    const error = new ToolExecutionError('throws', 'auth failed', { cause: undefined });
    error.message = 'auth failed with tok-very-secret-value';
    throwValue = error;
    const outcome = await (await registry()).dispatch('throws', {});
    delete process.env.HERMES_TEST_API_TOKEN;
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'execution_failed', message: 'auth failed with [redacted]' },
    });
  });
});

describe('timeouts and cancellation', () => {
  it('abort ctx.signal and give ToolTimeoutError at the tool timeout', async () => {
    const error = await (await registry()).call('slow', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolTimeoutError);
    expect(error).toMatchObject({ code: 'timeout', retryable: true, timeoutMs: 30 });
    expect(sawAbort).toBeInstanceOf(ToolTimeoutError);
  });

  it('take the call timeout over the module timeout, and end a call that ignores its signal', async () => {
    lateRejected = false;
    stubbornRejected = deferred();
    const r = await registry(10_000);
    expect(await r.dispatch('stubborn', { ms: 300 }, { timeoutMs: 20 })).toMatchObject({
      ok: false,
      error: { code: 'timeout' },
    });
    expect(lateRejected).toBe(false);
    await stubbornRejected.promise;
    expect(lateRejected).toBe(true);
    await expect(r.call('sync', { n: 1 })).resolves.toBe(2);
  });

  it('use the toolsModule timeout', async () => {
    expect(await (await registry(20)).dispatch('stubborn', { ms: 200 })).toMatchObject({
      ok: false,
      error: {
        code: 'timeout',
        message: 'stubborn did not finish within 20 ms and was stopped. Try again, or with a smaller request.',
      },
    });
  });

  it("give ToolAbortedError on the caller's signal", async () => {
    const r = await registry();
    const controller = new AbortController();
    const pending = r.call('stubborn', { ms: 200 }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(ToolAbortedError);
    const aborted = AbortSignal.abort();
    expect(await r.dispatch('sync', { n: 1 }, { signal: aborted })).toMatchObject({
      ok: false,
      error: { code: 'aborted', retryable: false },
    });
  });
});

describe('output check', () => {
  it('accepts a result that matches the declared DTO and refuses one that does not, with every issue', async () => {
    const r = await registry();
    await expect(r.call('summarise', { good: true })).resolves.toEqual({ title: 'T', words: 3 });
    const error = await r.call('summarise', { good: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputValidationError);
    expect((error as OutputValidationError).issues.map((i) => i.path)).toEqual(['extra', 'title', 'words']);
    expect(error).toMatchObject({ code: 'invalid_output', retryable: false });
  });

  it('checks a JSON Schema output and shows it in the definition', async () => {
    const r = await registry();
    expect(r.definitions().find((d) => d.name === 'count')?.outputSchema).toEqual({ type: 'integer', minimum: 0 });
    await expect(r.call('count', { n: 2 })).resolves.toBe(2);
    expect(await r.dispatch('count', { n: -1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_output', issues: [{ constraint: 'min' }] },
    });
  });

  it('makes dispatch outcomes JSON: undefined → null, cycles and bigints refused', async () => {
    const r = await registry();
    expect(await r.dispatch('weird', { kind: 'undefined' })).toMatchObject({ ok: true, value: null });
    expect(await r.dispatch('weird', { kind: 'cycle' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_output' },
    });
    expect(await r.dispatch('weird', { kind: 'bigint' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_output' },
    });
    await expect(r.call('sync', { n: 1 })).resolves.toBe(2);
  });
});
