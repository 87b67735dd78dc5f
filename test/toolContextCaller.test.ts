import { Arg, Ctx, PermissionSet, Tool, type ToolContext, toolset } from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

interface AppUser {
  readonly id: string;
}

@Tool({ name: 'whoami', description: 'Who is calling.' })
class WhoAmI {
  execute(@Arg('greeting') greeting: string, @Ctx() ctx: ToolContext<AppUser>): string {
    // No cast: ToolContext is generic in its caller.
    return `${greeting}, ${ctx.caller.id}`;
  }
}

describe('ToolContext<Caller>', () => {
  it('types ctx.caller as the caller the application passes', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'w', tools: [WhoAmI], granted: PermissionSet.all() }));
    await expect(
      registry.call('whoami', { greeting: 'hello' }, { caller: { id: 'ada' } satisfies AppUser }),
    ).resolves.toBe('hello, ada');
  });
});
