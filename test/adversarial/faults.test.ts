import {
  Arg,
  Tool,
  toolset,
  toolsModule,
  UseInterceptors,
  type NextFunction,
  type ToolContext,
  type ToolInterceptor,
  type ToolRegistry,
} from 'hermes-tools';
import { buildRegistry } from '../support/buildRegistry.js';
import { outcomeProblem } from '../support/typedOutcome.js';
import { deferred } from '../support/deferred.js';

/** A promise and the function that resolves it: tests wait on events, never on a clock. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const deafGate = deferred();
const deafDone = deferred();
const lateGate = deferred();
const lateRejected = deferred();

@Tool({ name: 'fault.throws', description: 'Throws whatever it is told to.' })
class Throws {
  execute(
    @Arg('kind', { enum: ['string', 'undefined', 'null', 'object', 'number', 'symbol', 'frozen error'] }) kind: string,
  ): never {
    const thrown: Record<string, unknown> = {
      string: 'a plain string',
      undefined,
      null: null,
      object: { code: 'E_WEIRD', detail: 'not an Error' },
      number: 42,
      symbol: Symbol('thrown'),
      'frozen error': Object.freeze(new Error('frozen')),
    };
    throw thrown[kind];
  }
}

@Tool({ name: 'fault.hangs', description: 'Never resolves.', timeoutMs: 30 })
class Hangs {
  execute(): Promise<never> {
    return new Promise(() => undefined);
  }
}

let deafFinished = false;
@Tool({ name: 'fault.deaf', description: 'Ignores its abort signal and keeps working.', timeoutMs: 30 })
class Deaf {
  async execute(): Promise<string> {
    await deafGate.promise;
    deafFinished = true;
    deafDone.resolve();
    return 'finished, too late';
  }
}

@Tool({ name: 'fault.late', description: 'Rejects after its timeout has fired.', timeoutMs: 20 })
class Late {
  async execute(): Promise<never> {
    await lateGate.promise;
    queueMicrotask(lateRejected.resolve);
    throw new Error('rejected after the deadline');
  }
}

@Tool({ name: 'fault.returns', description: 'Returns something that is not JSON.' })
class Returns {
  execute(
    @Arg('kind', {
      enum: ['cyclic', 'bigint', 'undefined', 'function', 'symbol', 'nested bigint', 'toJSON throws', 'hostile proxy'],
    })
    kind: string,
  ): unknown {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const values: Record<string, unknown> = {
      cyclic,
      bigint: 10n,
      undefined,
      function: () => 1,
      symbol: Symbol('s'),
      'nested bigint': { deep: [{ n: 1n }] },
      'toJSON throws': {
        toJSON: () => {
          throw new Error('toJSON at /work/app/secret.js:9');
        },
      },
      // It resolves as a value (it has no `then`), and then throws at every other question asked of it: even at
      // whether it is an invalid input handed back as a value.
      'hostile proxy': new Proxy(
        {},
        {
          getPrototypeOf: () => {
            throw new Error('trap at /work/app/secret.js:9');
          },
          get: (_target, key) => {
            if (key === 'then') return undefined;
            throw new Error('trap at /work/app/secret.js:9');
          },
          ownKeys: () => {
            throw new Error('trap at /work/app/secret.js:9');
          },
        },
      ),
    };
    return values[kind];
  }
}

@Tool({ name: 'fault.ok', description: 'Works.' })
class Works {
  execute(@Arg('n') n: number): number {
    return n + 1;
  }
}

class NextTwice implements ToolInterceptor {
  async intercept(_input: unknown, _ctx: ToolContext, next: NextFunction): Promise<unknown> {
    await next();
    return next();
  }
}
class NeverNext implements ToolInterceptor {
  intercept(): Promise<unknown> {
    return new Promise(() => undefined);
  }
}
class SkipsNext implements ToolInterceptor {
  intercept(): unknown {
    return undefined;
  }
}
class ThrowsSync implements ToolInterceptor {
  intercept(): unknown {
    throw 'interceptor threw a string';
  }
}

let calls = 0;
@Tool({ name: 'fault.twice', description: 'Counts its runs.' })
@UseInterceptors(NextTwice)
class Twice {
  execute(): number {
    return ++calls;
  }
}
@Tool({ name: 'fault.stuck', description: 'Behind an interceptor that never calls next.', timeoutMs: 30 })
@UseInterceptors(NeverNext)
class Stuck {
  execute(): string {
    return 'unreachable';
  }
}
@Tool({ name: 'fault.skipped', description: 'Behind an interceptor that answers without calling next.' })
@UseInterceptors(SkipsNext)
class Skipped {
  execute(): string {
    return 'unreachable';
  }
}
@Tool({ name: 'fault.intercepted', description: 'Behind an interceptor that throws.' })
@UseInterceptors(ThrowsSync)
class Intercepted {
  execute(): string {
    return 'unreachable';
  }
}

let registry: ToolRegistry;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  registry = (
    await buildRegistry(
      toolsModule(),
      toolset({
        name: 'fault',
        tools: [Throws, Hangs, Deaf, Late, Returns, Works, Twice, Stuck, Skipped, Intercepted],
      }),
    )
  ).registry;
});
afterAll(() => process.off('unhandledRejection', onUnhandled));

/** Each fault must end in a typed outcome, and the registry must go on serving. */
async function expectFault(name: string, args: unknown, code: string | null): Promise<void> {
  const outcome = await registry.dispatch(name, args);
  expect(outcomeProblem(outcome)).toBeUndefined();
  if (code === null) expect(outcome.ok).toBe(true);
  else expect(outcome).toMatchObject({ ok: false, error: { code } });
  expect(await registry.dispatch('fault.ok', { n: 1 })).toMatchObject({ ok: true, value: 2 });
}

describe('a misbehaving tool ends in a typed outcome and leaves the registry usable', () => {
  it.each(['string', 'undefined', 'null', 'object', 'number', 'symbol', 'frozen error'])(
    'throws a %s',
    async (kind) => {
      await expectFault('fault.throws', { kind }, 'execution_failed');
    },
  );

  it('never resolves: timeout', async () => {
    await expectFault('fault.hangs', {}, 'timeout');
  });

  it('ignores the abort: the timeout outcome comes before the tool finishes, and its late result is dropped', async () => {
    await expectFault('fault.deaf', {}, 'timeout');
    expect(deafFinished).toBe(false);
    deafGate.resolve();
    await deafDone.promise;
    await turn();
    expect(unhandled).toEqual([]);
  });

  it('rejects after its timeout fired: timeout, and the late rejection is not unhandled', async () => {
    await expectFault('fault.late', {}, 'timeout');
    lateGate.resolve();
    await lateRejected.promise;
    await turn();
    await turn();
    expect(unhandled).toEqual([]);
  });

  it.each([['cyclic'], ['bigint'], ['nested bigint'], ['toJSON throws']])(
    'returns a %s value: invalid_output',
    async (kind) => {
      await expectFault('fault.returns', { kind }, 'invalid_output');
    },
  );

  it.each([['undefined'], ['function'], ['symbol']])('returns %s: null, as JSON would', async (kind) => {
    const outcome = await registry.dispatch('fault.returns', { kind });
    expect(outcome).toMatchObject({ ok: true, value: null });
  });

  it('leaks no path from a throwing toJSON into the outcome', async () => {
    const outcome = await registry.dispatch('fault.returns', { kind: 'toJSON throws' });
    expect(JSON.stringify(outcome)).not.toContain('/work/');
  });

  it('returns a proxy that throws at every question: still an outcome, with nothing of the trap in it', async () => {
    const outcome = await registry.dispatch('fault.returns', { kind: 'hostile proxy' });
    expect(outcomeProblem(outcome)).toBeUndefined();
    expect(outcome).toMatchObject({ ok: false, error: { code: 'execution_failed' } });
    expect(JSON.stringify(outcome)).not.toContain('/work/');
    expect(await registry.dispatch('fault.ok', { n: 1 })).toMatchObject({ ok: true, value: 2 });
  });
});

describe('a misbehaving interceptor ends in a typed outcome too', () => {
  it('calls next twice: an error, and the tool ran once', async () => {
    calls = 0;
    await expectFault('fault.twice', {}, 'execution_failed');
    expect(calls).toBe(1);
  });

  it('never calls next and never settles: timeout', async () => {
    await expectFault('fault.stuck', {}, 'timeout');
  });

  it('answers without calling next: its answer stands (a short-circuit)', async () => {
    await expectFault('fault.skipped', {}, null);
  });

  it('throws (a string, synchronously): execution_failed', async () => {
    await expectFault('fault.intercepted', {}, 'execution_failed');
  });

  it('left no unhandled rejection behind', async () => {
    await turn();
    await turn();
    expect(unhandled).toEqual([]);
  });
});
