import { getEventListeners } from 'node:events';
import { IsString, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import {
  Arg,
  Ctx,
  Input,
  PermissionSet,
  Tool,
  ToolAbortedError,
  ToolDefinitionError,
  ToolTimeoutError,
  toolset,
  toolsModule,
  type ToolContext,
} from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';
import { deferred } from './support/deferred.js';

/** A promise and the functions that settle it, so a test can wait on an event. */

let constraintStarted = deferred();

@ValidatorConstraint({ name: 'neverAnswers', async: true })
class NeverAnswers implements ValidatorConstraintInterface {
  validate(): Promise<boolean> {
    constraintStarted.resolve();
    return new Promise(() => undefined);
  }
}

class Lookup {
  @IsString() @Validate(NeverAnswers) key!: string;
}

@Tool({ name: 'lookup', description: 'Validation never finishes.', timeoutMs: 50 })
class SlowValidation {
  execute(@Input() input: Lookup): string {
    return input.key;
  }
}

@Tool({ name: 'lookup.untimed', description: 'Validation never finishes, and there is no time limit.' })
class SlowValidationUntimed {
  execute(@Input() input: Lookup): string {
    return input.key;
  }
}

@Tool({ name: 'hog', description: 'Blocks the event loop past its own time limit, then answers.', timeoutMs: 20 })
class Hog {
  execute(): string {
    const until = performance.now() + 80;
    while (performance.now() < until) {
      // Busy: the timer cannot fire while this runs.
    }
    return 'late';
  }
}

@Tool({ name: 'hog.throws', description: 'Blocks the event loop past its own time limit, then throws.', timeoutMs: 20 })
class HogThrows {
  execute(): string {
    const until = performance.now() + 80;
    while (performance.now() < until) {
      // Busy: the timer cannot fire while this runs.
    }
    throw new Error('late failure');
  }
}

/** A stand-in for the clock while a test runs: `performance.now()` reads it, and the tool below moves it. */
const clock = { now: 0 };

@Tool({ name: 'clocked', description: 'Moves the stand-in clock by its argument, then answers.', timeoutMs: 600_000 })
class Clocked {
  execute(@Arg('ms') ms: number): number {
    clock.now += ms;
    return ms;
  }
}

let gate = deferred();
let entered = 0;
const allEntered = { target: 0, reached: deferred() };

@Tool({ name: 'gated', description: 'Waits until the test opens the gate.' })
class Gated {
  async execute(@Arg('i') i: number): Promise<number> {
    if (++entered === allEntered.target) allEntered.reached.resolve();
    await gate.promise;
    return i;
  }
}

let captured: ToolContext | undefined;

@Tool({ name: 'keeps.ctx', description: 'Keeps its context after returning.' })
class KeepsContext {
  execute(@Ctx() ctx: ToolContext): string {
    captured = ctx;
    ctx.progress(1, 2);
    return 'done';
  }
}

describe('deadlines over the whole call', () => {
  it('end a call whose async constraint never settles in ToolTimeoutError at the tool timeout', async () => {
    constraintStarted = deferred();
    const { registry } = await buildRegistry(toolset({ name: 'v', tools: [SlowValidation] }));
    const error = await registry.call('lookup', { key: 'a' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolTimeoutError);
    expect(error).toMatchObject({ code: 'timeout', timeoutMs: 50 });
  });

  it('end a call whose async constraint never settles in ToolAbortedError when the caller aborts', async () => {
    constraintStarted = deferred();
    const { registry } = await buildRegistry(toolset({ name: 'v', tools: [SlowValidationUntimed] }));
    const controller = new AbortController();
    const pending = registry
      .call('lookup.untimed', { key: 'a' }, { signal: controller.signal })
      .catch((e: unknown) => e);
    await constraintStarted.promise;
    controller.abort();
    expect(await pending).toBeInstanceOf(ToolAbortedError);
  });

  it('treat a result that arrives after the limit as a timeout, even when the timer could not fire', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'h', tools: [Hog, HogThrows] }));
    await expect(registry.call('hog', {})).rejects.toBeInstanceOf(ToolTimeoutError);
    await expect(registry.call('hog.throws', {})).rejects.toBeInstanceOf(ToolTimeoutError);
    expect(await registry.dispatch('hog', {})).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('count a result that arrives exactly at the limit as a timeout, one a millisecond earlier as a result', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'c', tools: [Clocked] }));
    const real = performance.now;
    // The clock only moves when the tool says so, so a result lands where the test puts it; the real timer (ten
    // minutes) never fires.
    performance.now = () => clock.now;
    try {
      await expect(registry.call('clocked', { ms: 599_999 })).resolves.toBe(599_999);
      await expect(registry.call('clocked', { ms: 600_000 })).rejects.toMatchObject({
        code: 'timeout',
        timeoutMs: 600_000,
      });
      await expect(registry.call('clocked', { ms: 600_001 })).rejects.toBeInstanceOf(ToolTimeoutError);
    } finally {
      performance.now = real;
    }
  });
});

describe('what a settled call leaves behind', () => {
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

  it('leaves no timer behind once a call under a time limit settles, however it ends', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'k', tools: [KeepsContext] }));
    const before = timers();
    await expect(registry.call('keeps.ctx', {}, { timeoutMs: 600_000 })).resolves.toBe('done');
    await expect(registry.call('keeps.ctx', { extra: 1 }, { timeoutMs: 600_000 })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    const controller = new AbortController();
    await expect(registry.call('keeps.ctx', {}, { timeoutMs: 600_000, signal: controller.signal })).resolves.toBe(
      'done',
    );
    expect(timers()).toBe(before);
  });

  it('puts no time limit on a call that has only a signal, however long it takes', async () => {
    @Tool({ name: 'unhurried', description: 'Takes its time.' })
    class Unhurried {
      async execute(): Promise<string> {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return 'finally';
      }
    }
    const { registry } = await buildRegistry(toolset({ name: 'u', tools: [Unhurried] }));
    await expect(registry.call('unhurried', {}, { signal: new AbortController().signal })).resolves.toBe('finally');
  });

  it('removes its listener from a signal once it aborts', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'g', tools: [Gated], granted: PermissionSet.all() }));
    const controller = new AbortController();
    gate = deferred();
    entered = 0;
    allEntered.target = 1;
    allEntered.reached = deferred();
    const pending = registry.call('gated', { i: 1 }, { signal: controller.signal }).catch((e: unknown) => e);
    await allEntered.reached.promise;
    expect(getEventListeners(controller.signal, 'abort').length).toBe(1);
    controller.abort();
    expect(await pending).toBeInstanceOf(ToolAbortedError);
    expect(getEventListeners(controller.signal, 'abort').length).toBe(0);
    gate.resolve();
  });
});

describe('timeoutMs bounds', () => {
  it('refuse a tool or module timeout above 2^31-1 ms, which Node would fire after 1 ms', async () => {
    @Tool({ name: 'forever', description: 'Has too long a limit.', timeoutMs: 2 ** 31 })
    class Forever {
      execute(): string {
        return 'x';
      }
    }
    const problems = await definitionProblems(
      toolset({ name: 'f', tools: [Forever] }),
      toolsModule({ timeoutMs: 2 ** 31 }),
    );
    expect(
      problems.some((p) =>
        p.startsWith('toolsModule: timeoutMs must be a number of milliseconds greater than 0 and at most 2147483647'),
      ),
    ).toBe(true);
    expect(problems.some((p) => p.includes('Forever') && p.includes('at most 2147483647'))).toBe(true);
  });

  it('accept exactly 2^31-1 ms', async () => {
    @Tool({ name: 'long', description: 'Has the longest limit.', timeoutMs: 2 ** 31 - 1 })
    class Long {
      execute(): string {
        return 'x';
      }
    }
    const { registry } = await buildRegistry(toolset({ name: 'l', tools: [Long] }));
    await expect(registry.call('long', {})).resolves.toBe('x');
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '100'])(
    'reject a per-call timeoutMs of %p with a TypeError',
    async (timeoutMs) => {
      const { registry } = await buildRegistry(toolset({ name: 'k', tools: [KeepsContext] }));
      const error = await registry.call('keeps.ctx', {}, { timeoutMs: timeoutMs as number }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(
        /^CallOptions\.timeoutMs must be a number of milliseconds greater than 0/,
      );
      // It says what it got: the number, or the type of anything else.
      expect((error as Error).message).toMatch(
        new RegExp(`, got ${typeof timeoutMs === 'number' ? String(timeoutMs) : typeof timeoutMs}$`),
      );
    },
  );

  it('reject a malformed definition with one ToolDefinitionError', async () => {
    await expect(buildRegistry(toolsModule({ timeoutMs: -5 }))).rejects.toBeInstanceOf(ToolDefinitionError);
  });
});

describe('one caller signal shared by many calls', () => {
  it('keeps one listener on the signal however many calls share it, and aborts them all', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error): void => void warnings.push(w);
    process.on('warning', onWarning);
    try {
      const { registry } = await buildRegistry(toolset({ name: 'g', tools: [Gated], granted: PermissionSet.all() }));
      const controller = new AbortController();
      gate = deferred();
      entered = 0;
      allEntered.target = 2_000;
      allEntered.reached = deferred();
      const first = Array.from({ length: 2_000 }, (_, i) =>
        registry.call('gated', { i }, { signal: controller.signal }),
      );
      await allEntered.reached.promise;
      expect(getEventListeners(controller.signal, 'abort').length).toBe(1);
      gate.resolve();
      expect(await Promise.all(first)).toEqual(Array.from({ length: 2_000 }, (_, i) => i));
      expect(getEventListeners(controller.signal, 'abort').length).toBeLessThanOrEqual(1);

      gate = deferred();
      entered = 0;
      allEntered.target = 50;
      allEntered.reached = deferred();
      const second = Array.from({ length: 50 }, (_, i) =>
        registry.call('gated', { i }, { signal: controller.signal }).catch((e: unknown) => e),
      );
      await allEntered.reached.promise;
      controller.abort();
      for (const outcome of await Promise.all(second)) expect(outcome).toBeInstanceOf(ToolAbortedError);
      gate.resolve();
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('progress after the call settled', () => {
  it('is dropped', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'k', tools: [KeepsContext] }));
    const seen: number[] = [];
    await registry.call('keeps.ctx', {}, { onProgress: (n) => seen.push(n) });
    captured!.progress(2, 2);
    expect(seen).toEqual([1]);
  });
});
