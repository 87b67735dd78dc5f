// A handler is called through generated code (the default) or, on a host that forbids it, through closures. Both
// must pass the same parameters in the same order, with `this` the instance, and no name may run as code.
import { jest } from '@jest/globals';
import type { ToolContext } from '../../src/contracts/ToolContext.js';
import { methodCaller } from '../../src/tools/methodCaller.js';
import type { ArgumentSource } from '../../src/tools/planArguments.js';

const HOSTILE = [
  '"]); globalThis.pwned = 1; (["',
  "'); globalThis.pwned = 1; //",
  'line\nbreak',
  '\u2028',
  'back\\slash',
  '$' + '{globalThis.pwned = 1}',
];
const ctx = { tool: 'x.y' } as unknown as ToolContext;
const sources: ArgumentSource[] = [
  { from: 'arg', name: 'path' },
  { from: 'ctx' },
  { from: 'none' },
  { from: 'input' },
  ...HOSTILE.map((name): ArgumentSource => ({ from: 'arg', name })),
];
const input: Record<string, unknown> = { path: 'a.md', ...Object.fromEntries(HOSTILE.map((name, i) => [name, i])) };

function instanceWith(method: string): { seen: unknown[] } & Record<string, unknown> {
  const instance: { seen: unknown[] } & Record<string, unknown> = { seen: [] };
  instance[method] = function (this: typeof instance, ...args: unknown[]) {
    this.seen.push(this === instance, ...args);
    return 'done';
  };
  return instance;
}

function outcomes(caller: typeof methodCaller): unknown[] {
  return ['execute', ...HOSTILE].map((method) => {
    const instance = instanceWith(method);
    const returned = caller(method, sources)(instance, input, ctx);
    return { returned, seen: instance.seen };
  });
}

describe('methodCaller', () => {
  afterEach(() => {
    delete (globalThis as { pwned?: unknown }).pwned;
  });

  it('passes each parameter from where the plan says, in order, with the instance as `this`; hostile names stay names', () => {
    const seen = outcomes(methodCaller);
    expect(seen[0]).toEqual({ returned: 'done', seen: [true, 'a.md', ctx, undefined, input, 0, 1, 2, 3, 4, 5] });
    expect(seen.every((s) => (s as { returned: unknown }).returned === 'done')).toBe(true);
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
    // Generated, and shared by handlers declared alike: one function per source.
    const [first, second] = [methodCaller('execute', sources), methodCaller('execute', sources)];
    expect(first).toBe(second);
  });

  it('passes the same through closures on a host that forbids code generation from strings', async () => {
    const original = globalThis.Function;
    const refuse = (): never => {
      throw new EvalError('Code generation from strings disallowed for this context');
    };
    let closures: unknown[] = [];
    let generates: boolean | undefined;
    let distinct = false;
    globalThis.Function = new Proxy(original, { apply: refuse, construct: refuse });
    try {
      await jest.isolateModulesAsync(async () => {
        const fresh = await import('../../src/tools/methodCaller.js');
        closures = outcomes(fresh.methodCaller);
        const [first, second] = [fresh.methodCaller('execute', sources), fresh.methodCaller('execute', sources)];
        distinct = first !== second;
        generates = (await import('../../src/schema/codeGenerationAllowed.js')).codeGenerationAllowed();
      });
    } finally {
      globalThis.Function = original;
    }
    expect([generates, distinct]).toEqual([false, true]);
    expect(closures).toEqual(outcomes(methodCaller));
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });

  it('lets what the method throws through, for the pipeline to turn into a ToolError', () => {
    const instance = {
      execute(): never {
        throw new RangeError('boom');
      },
    };
    expect(() => methodCaller('execute', [])(instance, {}, ctx)).toThrow(RangeError);
    expect(() => methodCaller('missing', [])(instance, {}, ctx)).toThrow(TypeError);
  });
});
