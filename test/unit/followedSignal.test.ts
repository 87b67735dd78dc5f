// A call that follows a signal (what the MCP server does with a request's signal) rather than racing it: the
// signal reaches the tool's ctx.signal when the tool reads it, and an approval's wait; the call ends as aborted
// once its handler settles. The option is internal, so it is set here as the server sets it.
import {
  Arg,
  Ctx,
  type GuardRequest,
  PermissionSet,
  RequiresApproval,
  Tool,
  ToolAbortedError,
  type ToolContext,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { FOLLOWED_SIGNAL, type FollowingCallOptions } from '../../src/pipeline/followedSignal.js';
import { buildRegistry } from '../support/buildRegistry.js';
import { deferred } from '../support/deferred.js';

let started = deferred();
let release = deferred();
let seen: { aborted: boolean; reason: unknown } | undefined;
let kept: ToolContext | undefined;

@Tool({ name: 'held', description: 'Waits to be released; reads its signal only when told to.' })
class Held {
  async execute(
    @Arg('how', { enum: ['ignore', 'read', 'fail'] }) how: string,
    @Ctx() ctx: ToolContext,
  ): Promise<string> {
    kept = ctx;
    if (how === 'read') seen = { aborted: ctx.signal.aborted, reason: ctx.signal.reason };
    started.resolve();
    await release.promise;
    if (how === 'fail') throw new Error('it failed its own way');
    return 'released';
  }
}

@Tool({ name: 'asks', description: 'Needs a person to say yes.' })
@RequiresApproval('it asks')
class Asks {
  execute(): string {
    return 'approved';
  }
}

const follow = (signal: AbortSignal): FollowingCallOptions => ({ [FOLLOWED_SIGNAL]: signal });

async function build() {
  const askedFor = deferred();
  const { registry } = await buildRegistry(
    toolsModule({
      // An approver that never answers: only the followed signal can end its wait.
      approvals: { approve: () => (askedFor.resolve(), new Promise<boolean>(() => undefined)), timeoutMs: 60_000 },
    }),
    toolset({ name: 'f', tools: [Held], granted: PermissionSet.all() }),
    toolset({ name: 'g', tools: [Asks], granted: PermissionSet.all(), guards: [(_request: GuardRequest) => true] }),
  );
  return { registry, askedFor };
}

beforeEach(() => {
  started = deferred();
  release = deferred();
  seen = undefined;
  kept = undefined;
});

describe('a followed signal', () => {
  it('does not end a call that ignores it at once: the call ends as aborted when its handler settles', async () => {
    const { registry } = await build();
    const controller = new AbortController();
    let settled = false;
    const outcome = registry
      .dispatch('held', { how: 'ignore' }, follow(controller.signal))
      .finally(() => (settled = true));
    await started.promise;
    controller.abort('gone');
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release.resolve();
    expect(await outcome).toMatchObject({ ok: false, error: { code: 'aborted' } });
    await expect(registry.call('held', { how: 'ignore' }, follow(new AbortController().signal))).resolves.toBe(
      'released',
    );
  });

  it('ends a call whose handler fails its own way after the abort as aborted too', async () => {
    const { registry } = await build();
    const controller = new AbortController();
    const call = registry.call('held', { how: 'fail' }, follow(controller.signal));
    await started.promise;
    controller.abort('gone');
    release.resolve();
    await expect(call).rejects.toBeInstanceOf(ToolAbortedError);
    started = deferred();
    await expect(registry.call('held', { how: 'fail' }, follow(new AbortController().signal))).rejects.toMatchObject({
      code: 'execution_failed',
    });
  });

  it("reaches the tool's ctx.signal when it reads it, with a ToolAbortedError, and stops reaching it once the call settled", async () => {
    const { registry } = await build();
    const aborted = new AbortController();
    aborted.abort('before the call');
    release.resolve();
    await expect(registry.call('held', { how: 'read' }, follow(aborted.signal))).rejects.toBeInstanceOf(
      ToolAbortedError,
    );
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(ToolAbortedError);

    const later = new AbortController();
    await expect(registry.call('held', { how: 'read' }, follow(later.signal))).resolves.toBe('released');
    expect(seen?.aborted).toBe(false);
    later.abort('after the call');
    expect(kept!.signal.aborted).toBe(false);
  });

  it("ends an approval's wait, and refuses a call to a guarded tool whose signal aborted before it began", async () => {
    const { registry, askedFor } = await build();
    const controller = new AbortController();
    const call = registry.call('asks', {}, follow(controller.signal));
    await askedFor.promise;
    controller.abort('no longer wanted');
    await expect(call).rejects.toBeInstanceOf(ToolAbortedError);
    await expect(registry.dispatch('asks', {}, follow(controller.signal))).resolves.toMatchObject({
      ok: false,
      error: { code: 'aborted' },
    });
  });
});
