// Ways around the call pipeline's checks (limits skipped by @ValidateIf, a view of a view, a guard that never answers,
// unredacted reasons, unbounded work, arguments on the call channel), each kept as a test.
import { tracingChannel } from 'node:diagnostics_channel';
import { Allow, IsIn, IsObject, IsString, ValidateIf, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import {
  Arg,
  CALL_CHANNEL,
  Input,
  PermissionSet,
  Permissions,
  Tool,
  ToolError,
  toolset,
  toolsModule,
  UseGuards,
  type CallMessage,
  type ToolErrorPayload,
} from 'hermes-tools';
import { toOpenAITools } from 'hermes-tools/providers';
import { buildRegistry } from '../support/buildRegistry.js';
import { timeBound } from '../support/timeBound.js';

let received: unknown;

class Command {
  @IsString() @IsIn(['a', 'b']) kind!: string;
  @ValidateIf((o: Command) => o.kind === 'a') @IsObject() payload?: Record<string, unknown>;
}

@Tool({ name: 'command', description: 'Runs a command.' })
class RunCommand {
  execute(@Input() input: Command): string {
    received = input.payload;
    return 'ran';
  }
}

class Item {
  @Allow() extra?: unknown;
}
class Batch {
  @ValidateNested({ each: true }) @Type(() => Item) items!: Item[];
}

@Tool({ name: 'batch', description: 'Takes a batch.' })
class TakeBatch {
  execute(@Input() input: Batch): number {
    return input.items.length;
  }
}

@Tool({ name: 'open', description: 'Takes an open object.' })
class TakeOpen {
  execute(@Arg('data', { type: { type: 'object', additionalProperties: true } }) data: unknown): string {
    return typeof data;
  }
}

@Tool({ name: 'grid', description: 'Takes rows of numbers, coerced from JSON text.' })
class TakeGrid {
  execute(
    @Arg('rows', { type: { type: 'array', items: { type: 'array', items: { type: 'number' } } } }) rows: unknown,
  ): string {
    return typeof rows;
  }
}

@Tool({ name: 'sprint.close', description: 'Closes a sprint.' })
@Permissions('sprint:write')
class CloseSprint {
  execute(): string {
    return 'closed';
  }
}

@Tool({ name: 'admin.only', description: 'Only for root.' })
@UseGuards(
  ({ caller }) =>
    (caller as { user?: string } | undefined)?.user === 'root' ||
    `token ${process.env.HERMES_REVIEW_SECRET} does not belong to root`,
)
class AdminOnly {
  execute(): string {
    return 'admin';
  }
}

@Tool({ name: 'hangs.guard', description: 'Guarded by a guard that never answers.', timeoutMs: 30 })
@UseGuards(() => new Promise<boolean>(() => undefined))
class HangingGuard {
  execute(): string {
    return 'x';
  }
}

class LeakyPayload extends ToolError {
  readonly code = 'execution_failed' as const;
  readonly retryable = false;
  override toPayload(): ToolErrorPayload {
    return {
      code: this.code,
      message: `custom ${process.env.HERMES_REVIEW_SECRET}`,
      retryable: false,
      issues: [{ path: 'x', message: `has ${process.env.HERMES_REVIEW_SECRET}`, constraint: 'c' }],
    };
  }
}

let thrown: () => unknown = () => undefined;

@Tool({ name: 'fails', description: 'Fails as told.' })
class Fails {
  execute(): unknown {
    throw thrown();
  }
}

@Tool({
  name: 'keys.out',
  description: 'Returns a result whose key holds a secret.',
  output: { type: 'object', additionalProperties: { type: 'number' } },
})
class KeysOut {
  execute(): unknown {
    return { [`${'k'.repeat(40)}${process.env.HERMES_REVIEW_SECRET}`]: 'not a number' };
  }
}

const SECRET = 'rv-secret-0123456789abcdefghijklmnopqrstuvwxyz';

beforeAll(() => {
  process.env.HERMES_REVIEW_SECRET = SECRET;
});
afterAll(() => {
  delete process.env.HERMES_REVIEW_SECRET;
});

describe('a value @ValidateIf skips', () => {
  it('still gets the limits, loses its prototype keys, and reaches the handler as a copy', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'c', tools: [RunCommand] }));
    const mine = JSON.parse('{"__proto__":{"isAdmin":true},"deep":{"a":1}}') as Record<string, unknown>;
    expect(await registry.dispatch('command', { kind: 'b', payload: mine })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ constraint: 'forbiddenKey' }] },
    });
    const own = { deep: { a: 1 } };
    received = undefined;
    expect(await registry.dispatch('command', { kind: 'b', payload: own })).toMatchObject({ ok: true });
    expect(received).toEqual(own);
    expect(received).not.toBe(own);
    expect((received as typeof own).deep).not.toBe(own.deep);
    expect(await registry.dispatch('command', { kind: 'b', payload: { big: 'y'.repeat(600_000) } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});

describe('forCaller', () => {
  it('refuses to make a view of a view, which would replace its identity', async () => {
    const { registry } = await buildRegistry(
      toolset({ name: 's', tools: [CloseSprint, AdminOnly], granted: PermissionSet.all() }),
    );
    const bob = await registry.forCaller({
      caller: { user: 'bob' },
      permissions: PermissionSet.none().grant('sprint:read'),
    });
    await expect(bob.forCaller({ caller: { user: 'root' } })).rejects.toThrow(
      "forCaller: this registry is already a caller's view",
    );
    await expect(bob.call('sprint.close', {})).rejects.toMatchObject({ code: 'permission_denied' });
  });

  it('leaves out a tool whose guard does not answer in time', async () => {
    const { registry } = await buildRegistry(
      toolset({ name: 's', tools: [HangingGuard, CloseSprint], granted: PermissionSet.all() }),
    );
    const view = await registry.forCaller({ caller: 'ann' }, { timeoutMs: 20 });
    expect(view.list().map((t) => t.name)).toEqual(['sprint.close', 'results.read']);
  });
});

describe('a guard that never answers', () => {
  it('is cut by the tool time limit and by the caller signal', async () => {
    const { registry } = await buildRegistry(
      toolset({ name: 's', tools: [HangingGuard], granted: PermissionSet.all() }),
    );
    await expect(registry.call('hangs.guard', {})).rejects.toMatchObject({ code: 'timeout' });
    const controller = new AbortController();
    const pending = registry.call('hangs.guard', {}, { signal: controller.signal, timeoutMs: 2 ** 31 - 1 });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });
});

describe('redaction everywhere a message leaves', () => {
  it("redacts a guard's reason", async () => {
    const { registry } = await buildRegistry(toolset({ name: 's', tools: [AdminOnly], granted: PermissionSet.all() }));
    const outcome = await registry.dispatch('admin.only', {}, { caller: { user: 'bob' } });
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', reason: 'token [redacted] does not belong to root' },
    });
    expect(JSON.stringify(outcome)).not.toContain(SECRET);
  });

  it("redacts an approver's reason", async () => {
    const { registry } = await buildRegistry(
      toolsModule({
        approvals: { approve: () => `declined with ${process.env.HERMES_REVIEW_SECRET}`, when: () => true },
      }),
      toolset({ name: 's', tools: [CloseSprint], granted: PermissionSet.all() }),
    );
    const outcome = await registry.dispatch('sprint.close', {});
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'approval_denied', reason: 'declined with [redacted]' },
    });
  });

  it("redacts a ToolError subclass's own payload", async () => {
    const { registry } = await buildRegistry(toolset({ name: 'f', tools: [Fails] }));
    thrown = () => new LeakyPayload('x');
    expect(JSON.stringify(await registry.dispatch('fails', {}))).not.toContain(SECRET);
  });

  it('redacts before it cuts, so no beginning of a secret survives the cut', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'f', tools: [Fails] }));
    thrown = () => new Error(`${'x'.repeat(480)}${process.env.HERMES_REVIEW_SECRET}`);
    const text = JSON.stringify(await registry.dispatch('fails', {}));
    expect(text).not.toContain(SECRET.slice(0, 10));
  });

  it("redacts a result's keys in an output mismatch", async () => {
    const { registry } = await buildRegistry(toolset({ name: 'k', tools: [KeysOut] }));
    const text = JSON.stringify(await registry.dispatch('keys.out', {}));
    expect(text).toContain('invalid_output');
    expect(text).not.toContain(SECRET.slice(0, 10));
  });

  it('redacts a value that holds quotes, once a message holds it as JSON', async () => {
    process.env.HERMES_REVIEW_QUOTED = 'pa"ss\\word-123';
    try {
      const { registry } = await buildRegistry(toolset({ name: 'f', tools: [Fails] }));
      thrown = () => new Error(`config ${JSON.stringify({ password: process.env.HERMES_REVIEW_QUOTED })}`);
      const outcome = await registry.dispatch('fails', {});
      expect((outcome as { error: { message: string } }).error.message).toBe(
        'fails failed: config {"password":"[redacted]"}',
      );
    } finally {
      delete process.env.HERMES_REVIEW_QUOTED;
    }
  });
});

describe('work bounded by the total size', () => {
  const worst = async (dispatch: () => Promise<unknown>): Promise<number> => {
    await dispatch();
    const started = performance.now();
    await dispatch();
    return performance.now() - started;
  };

  it('stops looking into an open object, a nested DTO array, or coerced JSON texts once the total is spent', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true }),
      toolset({ name: 'w', tools: [TakeOpen, TakeBatch, TakeGrid] }),
    );
    const wide = Object.fromEntries(
      Array.from({ length: 1_000 }, (_, i) => [
        `k${i}`,
        Object.fromEntries(Array.from({ length: 1_000 }, (_, j) => [`${j}`, 1])),
      ]),
    );
    const open = await registry.dispatch('open', { data: wide });
    expect(open).toMatchObject({ ok: false, error: { issues: [{ constraint: 'maxTotalSize' }] } });
    const items = Array.from({ length: 10_000 }, () => ({
      extra: Object.fromEntries(Array.from({ length: 100 }, (_, j) => [`${j}`, 1])),
    }));
    expect(await registry.dispatch('batch', { items })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const text = `[${'1,'.repeat(249_000)}1]`;
    expect(await registry.dispatch('grid', { rows: Array.from({ length: 20 }, () => text) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    // Loose bounds (machines here are shared): the point is milliseconds, where these took hundreds before.
    expect(await worst(() => registry.dispatch('open', { data: wide }))).toBeLessThan(timeBound(500));
    expect(await worst(() => registry.dispatch('grid', { rows: Array.from({ length: 20 }, () => text) }))).toBeLessThan(
      timeBound(500),
    );
  });

  it('bounds the closest-name search over thousands of tools', async () => {
    const classes = Array.from({ length: 3_000 }, (_, i) => {
      const name = `tool.${'n'.repeat(50)}${i.toString().padStart(5, '0')}`;
      @Tool({ name, description: 'One of many.' })
      class Many {
        execute(): string {
          return name;
        }
      }
      return Many;
    });
    const { registry } = await buildRegistry(toolset({ name: 'many', tools: classes }));
    const wanted = `tool.${'m'.repeat(50)}00000`;
    const outcome = await registry.dispatch(wanted, {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'tool_not_found' } });
    expect(await worst(() => registry.dispatch(wanted, {}))).toBeLessThan(timeBound(500));
  });

  it('refuses a provider arguments text too long to parse', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'w', tools: [TakeOpen] }));
    const openai = toOpenAITools(registry.definitions(), { strict: false });
    const { outcome } = await openai.dispatch(registry, {
      id: 'c1',
      type: 'function',
      function: { name: 'open', arguments: `{"data":"${'x'.repeat(3_000_000)}"}` },
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_input', issues: [{ constraint: 'limit' }] } });
  });
});

describe('the call channel', () => {
  it('carries no argument values', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'o', tools: [TakeOpen] }));
    const seen: CallMessage[] = [];
    const channel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
    const handlers = {
      start() {},
      end() {},
      asyncStart() {},
      error() {},
      asyncEnd: (m: CallMessage) => void seen.push(m),
    };
    channel.subscribe(handlers);
    try {
      await registry.dispatch('open', { data: 'argument-value-visible' });
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(seen[0]).toMatchObject({ code: 'invalid_input' });
    const { error: _error, ...rest } = seen[0]!;
    expect(JSON.stringify(rest)).not.toContain('argument-value-visible');
  });
});
