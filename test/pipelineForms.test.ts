// The pipeline has one chain of steps, which runs synchronously up to the handler when nothing
// asynchronous is configured, and waits at each step that has to. The same cases go through both
// forms (and through `call` and `dispatch`, which hands an invalid input back as a value) and must
// end the same way.
import {
  IsInt,
  IsOptional,
  IsString,
  Min,
  MinLength,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import {
  Arg,
  Input,
  PermissionSet,
  Permissions,
  Requires,
  Tool,
  ToolError,
  type ToolMiddleware,
  type ToolOutcome,
  type ToolRegistry,
  toolset,
  toolsModule,
  type GuardRequest,
} from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

/** Whether the handler ran inside the `call` that started it (before `call` returned). */
let inCall = false;
const ranInCall: boolean[] = [];

class Note {
  @IsString() @MinLength(2) title!: string;
  @IsOptional() @IsInt() @Min(1) priority: number = 3;
}

@Tool({ name: 'echo', description: 'Echo the text n times.' })
class Echo {
  execute(
    @Arg('text', { minLength: 1 }) text: string,
    @Arg('n', { integer: true, minimum: 1, maximum: 5, default: 2 }) n: number,
  ): string {
    ranInCall.push(inCall);
    return text.repeat(n);
  }
}

@Tool({ name: 'note', description: 'Keep a note.' })
class KeepNote {
  execute(@Input() note: Note): { title: string; priority: number; isNote: boolean } {
    return { title: note.title, priority: note.priority, isNote: note instanceof Note };
  }
}

/** A check that answers later: validation itself is asynchronous for this DTO. */
@ValidatorConstraint({ name: 'knownLater', async: true })
class KnownLater implements ValidatorConstraintInterface {
  async validate(value: unknown): Promise<boolean> {
    await Promise.resolve();
    return value === 'ann' || value === 'bob';
  }
  defaultMessage(): string {
    return 'user must be a known user';
  }
}

class Lookup {
  @IsString() @Validate(KnownLater) user!: string;
}

@Tool({ name: 'lookup', description: 'Look a user up.' })
class LookupUser {
  execute(@Input() lookup: Lookup): string {
    return `found ${lookup.user}`;
  }
}

@Tool({ name: 'fail', description: 'Always fails.' })
class Fail {
  execute(@Arg('how', { enum: ['throw', 'reject', 'tool-error'] }) how: string): Promise<never> | never {
    if (how === 'throw') throw new Error('broke');
    if (how === 'reject') return Promise.reject(new TypeError('rejected'));
    throw new (class extends ToolError {
      readonly code = 'execution_failed' as const;
      readonly retryable = false;
    })('a tool error of its own');
  }
}

@Tool({
  name: 'shaped',
  description: 'Returns what it is told, against a declared output.',
  output: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false },
})
class Shaped {
  execute(@Arg('kind', { enum: ['good', 'bad', 'cycle'] }) kind: string): unknown {
    if (kind === 'good') return { n: 1 };
    if (kind === 'bad') return { n: 'one' };
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    return cycle;
  }
}

@Tool({ name: 'write', description: 'Needs a permission the toolset grants.' })
@Permissions('fs:write')
class Write {
  execute(@Arg('path') path: string): string {
    return `wrote ${path}`;
  }
}

@Tool({ name: 'gone', description: 'Needs a variable nobody set.' })
@Requires({ env: ['HERMES_PIPELINE_FORMS_NEVER_SET'] })
class Gone {
  execute(): string {
    return 'never';
  }
}

/** Short-circuits on a magic input, changes the result otherwise. */
const wrap: ToolMiddleware = (input, _ctx, next) => {
  if ((input as { text?: string }).text === 'stop') return 'stopped by the interceptor';
  return next().then((result) => (typeof result === 'string' ? `[${result}]` : result));
};

const notEve = ({ caller }: GuardRequest): boolean | string =>
  (caller as { user?: string } | undefined)?.user !== 'eve' || 'eve may not call tools';

async function registries(): Promise<{ open: ToolRegistry; sync: ToolRegistry; async: ToolRegistry }> {
  const tools = [Echo, KeepNote, LookupUser, Fail, Shaped, Write, Gone];
  const granted = PermissionSet.all();
  // No guard but the grant and no time limit: a call that brings no signal, limit or permissions skips the steps before
  // validation.
  const { registry: open } = await buildRegistry(
    toolsModule({ interceptors: [wrap] }),
    toolset({ name: 'forms', tools, granted }),
  );
  const { registry: sync } = await buildRegistry(
    toolsModule({ interceptors: [wrap] }),
    toolset({ name: 'forms', tools, granted, guards: [notEve] }),
  );
  const { registry: async } = await buildRegistry(
    toolsModule({
      interceptors: [wrap],
      // Every step made to wait: a guard that answers later, an approval for every tool, a time limit.
      approvals: { approve: async () => true, when: () => true },
      timeoutMs: 60_000,
    }),
    toolset({ name: 'forms', tools, granted, guards: [async (request: GuardRequest) => notEve(request)] }),
  );
  return { open, sync, async };
}

const cases: { name: string; tool: string; args: unknown; caller?: unknown; permissions?: PermissionSet }[] = [
  { name: 'valid, with a default', tool: 'echo', args: { text: 'ab' } },
  { name: 'valid', tool: 'echo', args: { text: 'ab', n: 3 } },
  { name: 'short-circuited by an interceptor', tool: 'echo', args: { text: 'stop' } },
  { name: 'invalid: every issue', tool: 'echo', args: { text: '', n: 9, extra: true } },
  { name: 'invalid: not an object', tool: 'echo', args: 'text' },
  { name: 'invalid: null', tool: 'echo', args: null },
  { name: 'DTO, valid', tool: 'note', args: { title: 'hi' } },
  { name: 'DTO, invalid', tool: 'note', args: { title: 'h', priority: 0 } },
  { name: 'DTO with an async check, valid', tool: 'lookup', args: { user: 'ann' } },
  { name: 'DTO with an async check, invalid', tool: 'lookup', args: { user: 'eve' } },
  { name: 'handler throws', tool: 'fail', args: { how: 'throw' } },
  { name: 'handler rejects', tool: 'fail', args: { how: 'reject' } },
  { name: 'handler throws its own ToolError', tool: 'fail', args: { how: 'tool-error' } },
  { name: 'output matches', tool: 'shaped', args: { kind: 'good' } },
  { name: 'output does not match', tool: 'shaped', args: { kind: 'bad' } },
  { name: 'output is not JSON', tool: 'shaped', args: { kind: 'cycle' } },
  {
    name: "denied by the caller's permissions",
    tool: 'write',
    args: { path: 'a' },
    permissions: PermissionSet.none().grant('fs:read'),
  },
  { name: 'denied by a guard', tool: 'write', args: { path: 'a' }, caller: { user: 'eve' } },
  { name: 'denied before its input is looked at', tool: 'write', args: { nope: 1 }, caller: { user: 'eve' } },
  { name: 'unavailable', tool: 'gone', args: {} },
  { name: 'unknown tool', tool: 'nope', args: {} },
];

/** An outcome without its call id (made per call), as plain data. */
function comparable(outcome: ToolOutcome): unknown {
  const { callId: _callId, ...rest } = outcome;
  return JSON.parse(JSON.stringify(rest));
}

/** What `call` settled with, as data: the result, or the error's class and payload. */
async function settle(
  registry: ToolRegistry,
  tool: string,
  args: unknown,
  options?: { caller?: unknown; permissions?: PermissionSet },
): Promise<unknown> {
  try {
    return { result: await registry.call(tool, args, options) };
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    const e = error as ToolError;
    return { error: e.constructor.name, payload: JSON.parse(JSON.stringify(e.toPayload())), message: e.message };
  }
}

describe('the synchronous and the waiting form of the pipeline', () => {
  let open: ToolRegistry;
  let sync: ToolRegistry;
  let async: ToolRegistry;
  beforeAll(async () => {
    ({ open, sync, async } = await registries());
  });

  // The cases that no guard refuses, called with no options at all: the form that skips availability, guards and
  // limits.
  const unguarded = cases.filter(({ caller, permissions }) => caller === undefined && permissions === undefined);

  it.each(unguarded)(
    'end the same way with nothing before validation, through dispatch: $name',
    async ({ tool, args }) => {
      expect(comparable(await open.dispatch(tool, args))).toEqual(comparable(await async.dispatch(tool, args)));
    },
  );

  it.each(unguarded)('end the same way with nothing before validation, through call: $name', async ({ tool, args }) => {
    expect(await settle(open, tool, args)).toEqual(await settle(async, tool, args, {}));
  });

  it('still applies what a call brings to a tool with nothing before validation: its permissions, its signal, its time limit', async () => {
    const denied = await settle(open, 'write', { path: 'a' }, { permissions: PermissionSet.none().grant('fs:read') });
    expect(denied).toMatchObject({ error: 'PermissionDeniedError', payload: { code: 'permission_denied' } });
    const aborted = new AbortController();
    aborted.abort();
    expect(await open.dispatch('echo', { text: 'ab' }, { signal: aborted.signal })).toMatchObject({
      ok: false,
      error: { code: 'aborted' },
    });
    await expect(open.call('echo', { text: 'ab' }, { timeoutMs: -1 })).rejects.toThrow(
      /CallOptions\.timeoutMs must be a number of milliseconds/,
    );
    await expect(open.call('echo', { text: 'ab' }, { permissions: ['fs:write'] as never })).rejects.toThrow(
      'CallOptions.permissions must be a PermissionSet',
    );
    await expect(open.call('echo', { text: 'ab' }, { timeoutMs: 60_000 })).resolves.toBe('[abab]');
  });

  it.each(cases)('end the same way through dispatch: $name', async ({ tool, args, caller, permissions }) => {
    const options = { caller, permissions };
    const fast = await sync.dispatch(tool, args, options);
    const waited = await async.dispatch(tool, args, options);
    expect(comparable(fast)).toEqual(comparable(waited));
  });

  it.each(cases)('end the same way through call: $name', async ({ tool, args, caller, permissions }) => {
    const options = { caller, permissions };
    expect(await settle(sync, tool, args, options)).toEqual(await settle(async, tool, args, options));
  });

  it.each(cases)(
    'dispatch gives the payload that call rejects with: $name',
    async ({ tool, args, caller, permissions }) => {
      const options = { caller, permissions };
      const outcome = await sync.dispatch(tool, args, options);
      const called = (await settle(sync, tool, args, options)) as {
        result?: unknown;
        payload?: unknown;
        message?: string;
      };
      if (outcome.ok) expect(called).toEqual({ result: outcome.value });
      else {
        expect(called.payload).toEqual(JSON.parse(JSON.stringify(outcome.error)));
        expect(called.message).toBe(outcome.error.message);
      }
    },
  );

  it('runs a call with nothing asynchronous configured up to its handler before call returns, and waits where a step must', async () => {
    ranInCall.length = 0;
    for (const registry of [open, sync, async]) {
      inCall = true;
      const running = registry.call('echo', { text: 'x' });
      inCall = false;
      await running;
    }
    expect(ranInCall).toEqual([true, true, false]);
  });

  it('waits for an async onAccepted before the handler, only for a call it accepts, and ends with what onAccepted throws', async () => {
    const steps: string[] = [];
    ranInCall.length = 0;
    const accepted = async (): Promise<void> => {
      await new Promise((resolve) => setImmediate(resolve));
      steps.push(`accepted, ${ranInCall.length} ran`);
    };
    await expect(sync.call('echo', { text: 'ab' }, { onAccepted: accepted })).resolves.toBe('[abab]');
    expect(await sync.dispatch('echo', { text: '' }, { onAccepted: accepted })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    await expect(
      sync.call('echo', { text: 'ab' }, { onAccepted: () => Promise.reject(new Error('no task store')) }),
    ).rejects.toThrow('no task store');
    expect(steps).toEqual(['accepted, 0 ran']);
    expect(ranInCall).toHaveLength(1);
  });

  it('keeps every step a tool needs when a call brings no options: its approval, its output check, its audit, its caller view', async () => {
    await expect(open.call('shaped', { kind: 'bad' })).rejects.toMatchObject({ code: 'invalid_output' });
    // A progress listener takes the call through the full settlement: a handler's failure is still a ToolError there.
    await expect(open.call('fail', { how: 'throw' }, { onProgress: () => undefined })).rejects.toMatchObject({
      code: 'execution_failed',
    });
    const records: string[] = [];
    const { registry: needs } = await buildRegistry(
      toolsModule({ interceptors: [wrap], audit: (record) => void records.push(`${record.tool} ${record.outcome}`) }),
      toolset({ name: 'forms', tools: [Echo, Shaped], granted: PermissionSet.all() }),
    );
    await expect(needs.call('shaped', { kind: 'bad' })).rejects.toMatchObject({ code: 'invalid_output' });
    await expect(needs.call('echo', { text: 'ab' })).resolves.toBe('[abab]');
    expect(records).toEqual(['shaped invalid_output', 'echo ok']);
    const { registry: asks } = await buildRegistry(
      toolsModule({ approvals: { when: () => true } }),
      toolset({ name: 'forms', tools: [Echo], granted: PermissionSet.all() }),
    );
    await expect(asks.call('echo', { text: 'ab' })).rejects.toMatchObject({ code: 'approval_denied' });
    const view = await open.forCaller({ caller: { user: 'ann' }, permissions: PermissionSet.none() });
    await expect(view.call('write', { path: 'a' })).rejects.toMatchObject({ code: 'permission_denied' });
  });

  it('dispatch and call make an invalid input the same ToolValidationError payload, listing every issue', async () => {
    const outcome = await sync.dispatch('echo', { text: '', n: 9, extra: true });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('invalid_input');
    expect(outcome.error.issues?.map((i) => i.path).sort()).toEqual(['extra', 'n', 'text']);
    expect(outcome.error.message).toMatch(/^Invalid arguments for echo \(3 problems\):\n- /);
    expect(outcome.error.message).toMatch(/Fix every problem listed and call again\.$/);
  });
});
