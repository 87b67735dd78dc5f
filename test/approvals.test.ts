import { setTimeout as sleep } from 'node:timers/promises';
import { injectable } from 'inversify';
import {
  ApprovalDeniedError,
  Arg,
  RequiresApproval,
  Tool,
  ToolAbortedError,
  toolset,
  toolsModule,
  type ApprovalRequest,
  type AuditRecord,
  type ToolApprover,
} from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';
import { deferred } from './support/deferred.js';

const ran: string[] = [];

@Tool({ name: 'db.drop', description: 'Drops a table.', destructive: true })
class DropTable {
  execute(@Arg('table') table: string, @Arg('cascade', { default: false }) cascade: boolean): string {
    ran.push(`drop ${table}`);
    return `dropped ${table}${cascade ? ' (cascade)' : ''}`;
  }
}

@Tool({ name: 'db.count', description: 'Counts rows.', readOnly: true })
class CountRows {
  execute(@Arg('table') table: string): number {
    ran.push(`count ${table}`);
    return 3;
  }
}

// A limit no loaded machine exceeds while the handler runs, yet shorter than the approval below takes.
@Tool({ name: 'mail.send', description: 'Sends an email.', timeoutMs: 500 })
@RequiresApproval('it sends mail on your behalf')
class SendMail {
  execute(@Arg('to') to: string): string {
    ran.push(`mail ${to}`);
    return 'sent';
  }
}

@injectable()
class Policy {
  readonly allowed = new Set(['logs']);
}

@injectable()
class PolicyApprover implements ToolApprover {
  constructor(private readonly policy: Policy) {}
  approve({ input }: ApprovalRequest): boolean | string {
    const { table } = input as { table: string };
    return this.policy.allowed.has(table) || `the policy does not allow dropping ${table}`;
  }
}

describe('approvals', () => {
  beforeEach(() => {
    ran.length = 0;
  });

  it('ask for destructive tools by default, with the validated input, and run on a yes', async () => {
    const asked: ApprovalRequest[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ approvals: { approve: (request) => (asked.push(request), true) } }),
      toolset({ name: 'db', tools: [DropTable, CountRows] }),
    );
    await expect(registry.call('db.drop', { table: 'logs' }, { caller: 'ann', callId: 'c1' })).resolves.toBe(
      'dropped logs',
    );
    await expect(registry.call('db.count', { table: 'logs' })).resolves.toBe(3);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      input: { table: 'logs', cascade: false },
      caller: 'ann',
      callId: 'c1',
      tool: { name: 'db.drop', destructive: true, approval: {} },
    });
    expect(asked[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(registry.get('db.count').definition.approval).toBeUndefined();
  });

  it('refuse on a no or a reason, with ApprovalDeniedError, and never run the tool', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ approvals: { approve: PolicyApprover } }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    const error = await registry.call('db.drop', { table: 'users' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApprovalDeniedError);
    expect(error).toMatchObject({
      code: 'approval_denied',
      retryable: false,
      reason: 'the policy does not allow dropping users',
    });
    expect(await registry.dispatch('db.drop', { table: 'logs' })).toMatchObject({ ok: true, value: 'dropped logs' });
    expect(ran).toEqual(['drop logs']);

    const no = await buildRegistry(
      toolsModule({ approvals: { approve: async () => false } }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    expect(await no.registry.dispatch('db.drop', { table: 'logs' })).toMatchObject({
      ok: false,
      error: { code: 'approval_denied', reason: 'the request was declined' },
    });
  });

  it('treat silence past the approval limit as a refusal, and abort the approver', async () => {
    let signal: AbortSignal | undefined;
    const { registry } = await buildRegistry(
      toolsModule({
        approvals: { approve: (r) => ((signal = r.signal), new Promise<boolean>(() => undefined)), timeoutMs: 20 },
      }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    await expect(registry.call('db.drop', { table: 'logs' })).rejects.toMatchObject({
      code: 'approval_denied',
      reason: 'no answer came within 20 ms',
    });
    expect(signal?.aborted).toBe(true);
    expect(ran).toEqual([]);
  });

  it("let a person take longer than the tool's own time limit", async () => {
    const { registry } = await buildRegistry(
      toolsModule({ approvals: { approve: async () => (await sleep(600), true) } }),
      toolset({ name: 'mail', tools: [SendMail] }),
    );
    await expect(registry.call('mail.send', { to: 'a@example.com' })).resolves.toBe('sent');
  });

  it('stop waiting when the caller aborts', async () => {
    const asked = deferred<AbortSignal>();
    const { registry } = await buildRegistry(
      toolsModule({ approvals: { approve: (r) => (asked.resolve(r.signal), new Promise<boolean>(() => undefined)) } }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    const controller = new AbortController();
    const pending = registry.call('db.drop', { table: 'logs' }, { signal: controller.signal }).catch((e: unknown) => e);
    const approverSignal = await asked.promise;
    controller.abort();
    expect(await pending).toBeInstanceOf(ToolAbortedError);
    expect(approverSignal.aborted).toBe(true);
  });

  it('end a call at once, without asking anyone, when its caller aborted before the approval was asked', async () => {
    const asked: unknown[] = [];
    const { registry } = await buildRegistry(
      toolsModule({
        approvals: { approve: (r) => (asked.push(r.input), new Promise<boolean>(() => undefined)), timeoutMs: 600_000 },
      }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    const controller = new AbortController();
    const onAccepted = async (): Promise<void> => controller.abort();
    const outcome = await registry
      .call('db.drop', { table: 'logs' }, { signal: controller.signal, onAccepted })
      .catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(ToolAbortedError);
    expect(asked).toEqual([]);
    expect(ran).toEqual([]);
  });

  it('fail a call whose signal is not an AbortSignal at once, leaving no approval timer behind to fire later', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const { registry } = await buildRegistry(
      toolsModule({ approvals: { approve: () => new Promise<boolean>(() => undefined), timeoutMs: 600_000 } }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    const before = timers();
    const outcome = await registry.dispatch(
      'db.drop',
      { table: 'logs' },
      { signal: { aborted: false } as AbortSignal },
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'execution_failed' } });
    expect(timers()).toBe(before);
    expect(ran).toEqual([]);
  });

  it('run after validation and before interceptors: an invalid call is never asked about, a refused one never intercepted', async () => {
    const asked: unknown[] = [];
    const intercepted: unknown[] = [];
    const { registry } = await buildRegistry(
      toolsModule({
        approvals: { approve: (r) => (asked.push(r.input), false) },
        interceptors: [(input, _ctx, next) => (intercepted.push(input), next())],
      }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    expect(await registry.dispatch('db.drop', { table: 7 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await registry.dispatch('db.drop', { table: 'logs' })).toMatchObject({
      ok: false,
      error: { code: 'approval_denied' },
    });
    expect(asked).toEqual([{ table: 'logs', cascade: false }]);
    expect(intercepted).toEqual([]);
  });

  it('honour @RequiresApproval even with no approvals configured: refused, never run unasked', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'mail', tools: [SendMail] }));
    expect(registry.get('mail.send').definition.approval).toEqual({ reason: 'it sends mail on your behalf' });
    const outcome = await registry.dispatch('mail.send', { to: 'a@example.com' });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'approval_denied' } });
    expect((outcome as { error: { message: string } }).error.message).toContain(
      'toolsModule({ approvals: { approve } })',
    );
    expect(ran).toEqual([]);
  });

  it("use the kernel's approver when the module names none", async () => {
    const { registry } = await buildRegistry(
      toolsModule({ approvals: {} }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    await expect(registry.call('db.drop', { table: 'logs' }, { approve: () => true })).resolves.toBe('dropped logs');
    await expect(registry.call('db.drop', { table: 'logs' })).rejects.toMatchObject({ code: 'approval_denied' });
  });

  it('read an answer strictly: only true or { approved: true } approves; a reason is trimmed, a blank one is none; by is a string of at most 200', async () => {
    const errors: unknown[] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (m: string) => void errors.push(m) };
    let answer: unknown;
    const records: AuditRecord[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ logger, audit: (r) => void records.push(r), approvals: { approve: () => answer as never } }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    const declined = { approved: false, reason: 'the request was declined' };
    // Each answer and the approval the audit record shows (who decided only when the approver said so).
    const cases: [unknown, Record<string, unknown>][] = [
      [true, { approved: true }],
      [{ approved: true }, { approved: true }],
      [
        { approved: true, by: 'ann' },
        { approved: true, by: 'ann' },
      ],
      [null, declined],
      [undefined, declined],
      [false, declined],
      ['  not today  ', { approved: false, reason: 'not today' }],
      ['   ', declined],
      [{ approved: false }, declined],
      [{ approved: 'yes' }, declined],
      [{ approved: false, reason: true }, declined],
      [{ approved: false, reason: 5, by: 42 }, declined],
      [
        { approved: false, reason: ' too risky ', by: 'bob' },
        { approved: false, reason: 'too risky', by: 'bob' },
      ],
      [
        { approved: false, by: 'b'.repeat(199) },
        { ...declined, by: 'b'.repeat(199) },
      ],
      [
        { approved: false, by: 'b'.repeat(200) },
        { ...declined, by: 'b'.repeat(200) },
      ],
      [
        { approved: false, by: 'b'.repeat(201) },
        { ...declined, by: 'b'.repeat(200) },
      ],
    ];
    for (const [given, approval] of cases) {
      answer = given;
      const outcome = await registry.dispatch('db.drop', { table: 'logs' });
      if (approval.approved === true) expect(outcome).toMatchObject({ ok: true, value: 'dropped logs' });
      else expect(outcome).toMatchObject({ ok: false, error: { code: 'approval_denied', reason: approval.reason } });
      expect(records.at(-1)!.approval).toEqual(approval);
      // No `by` key at all where no approver said who.
      expect(Object.keys(records.at(-1)!.approval!).sort()).toEqual(Object.keys(approval).sort());
    }
    expect(errors).toEqual([]);
  });

  it("settle on the approver's first answer: a yes stands, and its signal stays unaborted, even if its promise then also reports a failure", async () => {
    const errors: unknown[] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (m: string) => void errors.push(m) };
    let signal: AbortSignal | undefined;
    // A promise whose then calls both of its callbacks, as a broken Promise subclass or patched instance can.
    const both = (): Promise<boolean> =>
      Object.assign(Promise.resolve(true), {
        // biome-ignore lint/suspicious/noThenProperty: a promise whose then misbehaves is the value under test.
        then(yes: (value: boolean) => void, no: (error: unknown) => void) {
          yes(true);
          no(new Error('late failure'));
        },
      }) as Promise<boolean>;
    const { registry } = await buildRegistry(
      toolsModule({ logger, approvals: { approve: (r) => ((signal = r.signal), both()), timeoutMs: 600_000 } }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    await expect(registry.call('db.drop', { table: 'logs' })).resolves.toBe('dropped logs');
    expect(signal?.aborted).toBe(false);
    expect(ran).toEqual(['drop logs']);
    expect(errors).toEqual(['hermes-tools: an approver threw, so the call is refused']);
  });

  it('refuse when the approver throws, and log it', async () => {
    const errors: unknown[] = [];
    const meta: unknown[] = [];
    const logger = {
      debug() {},
      info() {},
      warn() {},
      error: (m: string, data?: unknown) => void (errors.push(m), meta.push(data)),
    };
    const { registry } = await buildRegistry(
      toolsModule({
        logger,
        approvals: {
          approve: () => {
            throw new Error('approval service down');
          },
          when: (tool) => tool.name === 'db.count',
        },
      }),
      toolset({ name: 'db', tools: [DropTable, CountRows] }),
    );
    expect(await registry.dispatch('db.count', { table: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'approval_denied', reason: 'the approval could not be obtained' },
    });
    await expect(registry.call('db.drop', { table: 'x' })).resolves.toBe('dropped x');
    expect(errors).toEqual(['hermes-tools: an approver threw, so the call is refused']);
    expect(meta).toEqual([{ tool: 'db.count', error: 'approval service down' }]);
  });
});
