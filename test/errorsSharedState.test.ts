import { types } from 'node:util';
import {
  ApprovalDeniedError,
  OutputValidationError,
  PermissionDeniedError,
  ToolAbortedError,
  ToolDefinitionError,
  ToolError,
  ToolExecutionError,
  ToolNotFoundError,
  ToolTimeoutError,
  ToolUnavailableError,
  ToolValidationError,
} from 'hermes-tools';
import { JobRefusedError, RemoteToolError, ToolInterruptedError } from 'hermes-tools/queue';

const issue = { path: 'count', message: 'count must be an integer, got "three"', constraint: 'isInt' };

/** One of each error the public API throws, and whether it keeps a stack (the faults do, the refusals do not). */
const made: readonly (readonly [() => ToolError, boolean])[] = [
  [() => new ToolValidationError('t', [issue]), false],
  [() => new ToolNotFoundError('t', ['u']), false],
  [() => new PermissionDeniedError('t', 'fs:write'), false],
  [() => new ApprovalDeniedError('t', 'no'), false],
  [() => new ToolUnavailableError('t', 'it needs X'), false],
  [() => new ToolTimeoutError('t', 5), false],
  [() => new ToolAbortedError('t'), false],
  [() => new JobRefusedError('t', 'unsigned'), false],
  [() => new RemoteToolError('t', { code: 'invalid_input', message: 'bad', retryable: true, issues: [issue] }), false],
  [() => new ToolExecutionError('t', 'boom', { cause: new Error('boom') }), true],
  [() => new OutputValidationError('t', [issue]), true],
  [() => new ToolDefinitionError(['T.execute: wrong']), true],
  [() => new ToolInterruptedError('t'), true],
];

/** Runs `body` with `Error.stackTraceLimit` replaced by `descriptor`, as another library might, and puts it back. */
function withStackTraceLimit(descriptor: PropertyDescriptor, body: () => void): void {
  const original = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit')!;
  Object.defineProperty(Error, 'stackTraceLimit', { ...descriptor, configurable: true });
  try {
    body();
  } finally {
    Object.defineProperty(Error, 'stackTraceLimit', original);
  }
}

describe('a ToolError touches no process-wide setting', () => {
  it('never writes Error.stackTraceLimit, whichever error it is', () => {
    const writes: unknown[] = [];
    withStackTraceLimit(
      {
        get: () => 7,
        set: (value: unknown) => void writes.push(value),
      },
      () => {
        for (const [make] of made) make();
      },
    );
    expect(writes).toEqual([]);
  });

  it.each(made.map(([make, keepsStack]) => [make().name, make, keepsStack] as const))(
    '%s is made while another library holds Error.stackTraceLimit read-only, and behaves as an Error',
    (name, make, keepsStack) => {
      withStackTraceLimit({ value: 3, writable: false }, () => {
        const error = make();
        const kind = [error instanceof ToolError, error instanceof Error, types.isNativeError(error)];
        expect([...kind, error.constructor.name]).toEqual([true, true, true, name]);
        const proto = Object.getPrototypeOf(error) === error.constructor.prototype;
        const own = [error.name, proto, Object.hasOwn(error, 'name')];
        expect(own).toEqual([name, true, true]);
        // The faults keep a stack, as long as that limit says; the refusals have none.
        expect(error.stack!.startsWith(`${name}: ${error.message}`)).toBe(true);
        expect(error.stack!.split('\n').filter((line) => /^\s+at /.test(line))).toHaveLength(keepsStack ? 3 : 0);
        expect(JSON.parse(JSON.stringify(error))).toEqual(error.toPayload());
        const { code, message, retryable } = error;
        expect(error.toPayload()).toMatchObject({ code, message, retryable });
        expect(structuredClone(error).stack).toBe(error.stack);
        expect(Error.stackTraceLimit).toBe(3);
      });
    },
  );
});
