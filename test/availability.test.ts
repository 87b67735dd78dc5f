import { Permissions, PermissionSet, Requires, Tool, toolset, ToolUnavailableError } from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

const VAR = 'HERMES_TEST_SEARCH_API_KEY';
let binaryPresent = false;

@Tool({ name: 'web.search', description: 'Search the web.', tags: ['network'] })
@Requires({ env: [VAR] })
@Permissions('net:http')
class WebSearch {
  execute(): string {
    return 'results';
  }
}

@Tool({ name: 'git.blame', description: 'Blame a file.' })
@Requires({ check: () => binaryPresent, description: 'the git binary' })
class Blame {
  execute(): string {
    return 'blame';
  }
}

@Tool({ name: 'flaky', description: 'A check that throws.' })
@Requires({
  check: () => {
    throw new Error('no');
  },
})
class Flaky {
  execute(): string {
    return 'x';
  }
}

afterEach(() => {
  delete process.env[VAR];
  binaryPresent = false;
});

describe('@Requires', () => {
  it('hides an unavailable tool from list, definitions and views, and refuses calls naming the requirement', async () => {
    const { registry } = await buildRegistry(
      toolset({ name: 'web', tools: [WebSearch, Blame, Flaky], granted: PermissionSet.all() }),
    );
    // Only results.read is left, which result budgets (on by default) add.
    expect(registry.list().map((t) => t.name)).toEqual(['results.read']);
    expect(registry.definitions({ toolsets: ['web'] })).toEqual([]);
    expect(registry.view({ tags: ['network'] }).list()).toEqual([]);
    const error = await registry.call('web.search', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolUnavailableError);
    expect(error).toMatchObject({ code: 'tool_unavailable', retryable: false });
    expect((error as Error).message).toBe(
      `web.search is unavailable: it requires the environment variable ${VAR}, which is not set. Use another tool, or ask the operator to provide it.`,
    );
    expect(await registry.dispatch('git.blame', {})).toMatchObject({
      ok: false,
      error: { code: 'tool_unavailable', message: expect.stringContaining('it requires the git binary') },
    });
    expect(await registry.dispatch('flaky', {})).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('its availability check failed') },
    });
  });

  it('shows the tool as soon as the variable appears, with no restart, and never leaks its value', async () => {
    const { registry } = await buildRegistry(
      toolset({ name: 'web', tools: [WebSearch], granted: PermissionSet.all() }),
    );
    const view = registry.view({ toolsets: ['web'] });
    expect(view.list()).toEqual([]);
    process.env[VAR] = 'sk-live-0123456789';
    expect(view.list()).toEqual([{ name: 'web.search', description: 'Search the web.' }]);
    expect(view.definitions().map((d) => d.name)).toEqual(['web.search']);
    await expect(registry.call('web.search', {})).resolves.toBe('results');
    process.env[VAR] = '';
    const outcome = await registry.dispatch('web.search', {});
    expect(outcome.ok).toBe(false);
    expect(JSON.stringify(outcome)).not.toContain('sk-live');
  });

  it('re-runs a check on every listing', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'git', tools: [Blame], granted: PermissionSet.all() }));
    expect(registry.list().map((t) => t.name)).toEqual(['results.read']);
    binaryPresent = true;
    expect(registry.list().map((t) => t.name)).toEqual(['git.blame', 'results.read']);
  });
});
