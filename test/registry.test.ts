import { Container, inject, injectable } from 'inversify';
import {
  Arg,
  Ctx,
  Example,
  Permissions,
  PermissionSet,
  Tool,
  ToolNotFoundError,
  ToolRegistry,
  toolset,
  type ToolContext,
} from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

@injectable()
class FileStore {
  readonly files = new Map([['/etc/hosts', '127.0.0.1 localhost']]);
}

@Tool({
  name: 'fs.read',
  description: 'Read a UTF-8 text file from disk.',
  tags: ['filesystem', 'read'],
  idempotent: true,
  version: '1.0.0',
  metadata: { owner: 'platform' },
})
@Permissions('fs:read')
@Example({ description: 'Read a config', input: { path: '/etc/hosts' }, output: '127.0.0.1 localhost' })
class ReadFile {
  constructor(@inject(FileStore) private readonly store: FileStore) {}
  execute(
    @Arg('path', { description: 'Absolute path to the file.', minLength: 1 }) path: string,
    @Arg('maxBytes', { integer: true, minimum: 1, default: 1_000_000 }) maxBytes: number,
    @Ctx() ctx: ToolContext,
  ): string {
    expect(ctx.tool).toBe('fs.read');
    return (this.store.files.get(path) ?? '').slice(0, maxBytes);
  }
}

@Tool({
  name: 'fs.stat',
  description: 'Whether a file exists.',
  tags: ['filesystem'],
  deprecated: 'Use fs.read and check for an empty result instead.',
})
@Permissions('fs:read')
class StatFile {
  execute(@Arg('path') path: string): boolean {
    return path.length > 0;
  }
}

@Tool({ name: 'net.fetch', description: 'Fetch a URL.', tags: ['network'] })
@Permissions('net:http')
class Fetch {
  execute(@Arg('url', { format: 'uri' }) url: string): string {
    return `fetched ${url}`;
  }
}

async function registry(): Promise<ToolRegistry> {
  const container = new Container();
  container.bind(FileStore).toSelf().inSingletonScope();
  await container.load(
    toolset({ name: 'filesystem', tools: [ReadFile, StatFile], granted: PermissionSet.none().grant('fs:read') }),
    toolset({ name: 'network', tools: [Fetch], granted: PermissionSet.none().grant('net:*') }),
  );
  return container.get(ToolRegistry);
}

describe('ToolRegistry', () => {
  it('is one singleton per container, built from every toolset', async () => {
    const container = new Container();
    container.bind(FileStore).toSelf();
    await container.load(toolset({ name: 'filesystem', tools: [ReadFile] }));
    expect(container.get(ToolRegistry)).toBe(container.get(ToolRegistry));
  });

  describe('list', () => {
    it('gives the kernel name and description of each tool', async () => {
      expect((await registry()).list()).toEqual([
        { name: 'fs.read', description: 'Read a UTF-8 text file from disk.' },
        { name: 'fs.stat', description: 'Whether a file exists.' },
        { name: 'net.fetch', description: 'Fetch a URL.' },
        { name: 'results.read', description: expect.stringContaining('Read a result that was cut to fit') },
      ]);
    });
  });

  describe('definitions', () => {
    it('carries every declared field, with the model description rendered', async () => {
      const [read] = (await registry()).definitions({ toolsets: ['filesystem'] });
      expect(read).toEqual({
        name: 'fs.read',
        description: 'Read a UTF-8 text file from disk.',
        modelDescription:
          'Read a UTF-8 text file from disk.\n\nExamples:\n- Read a config: fs.read({"path":"/etc/hosts"}) returns "127.0.0.1 localhost"',
        toolset: 'filesystem',
        inputSchema: {
          type: 'object',
          properties: {
            path: { type: 'string', minLength: 1, description: 'Absolute path to the file.' },
            maxBytes: { type: 'integer', minimum: 1, default: 1_000_000 },
          },
          required: ['path'],
          additionalProperties: false,
        },
        tags: ['filesystem', 'read'],
        permissions: ['fs:read'],
        version: '1.0.0',
        idempotent: true,
        examples: [{ description: 'Read a config', input: { path: '/etc/hosts' }, output: '127.0.0.1 localhost' }],
        metadata: { owner: 'platform' },
      });
    });

    it('puts a deprecation notice in the model description', async () => {
      const stat = (await registry()).definitions().find((d) => d.name === 'fs.stat');
      expect(stat?.deprecated).toBe('Use fs.read and check for an empty result instead.');
      expect(stat?.modelDescription).toBe(
        'Whether a file exists.\n\nDEPRECATED: Use fs.read and check for an empty result instead.',
      );
    });

    it('filters by toolset and by tag', async () => {
      const r = await registry();
      expect(r.definitions({ tags: ['network'] }).map((d) => d.name)).toEqual(['net.fetch']);
      expect(r.definitions({ tags: ['read', 'network'] }).map((d) => d.name)).toEqual(['fs.read', 'net.fetch']);
      expect(r.definitions({ toolsets: ['filesystem'], tags: ['read'] }).map((d) => d.name)).toEqual(['fs.read']);
    });

    it('are immutable', async () => {
      const [read] = (await registry()).definitions();
      expect(Object.isFrozen(read)).toBe(true);
      expect(Object.isFrozen(read!.inputSchema)).toBe(true);
      expect(() => {
        (read!.tags as string[]).push('x');
      }).toThrow(TypeError);
    });
  });

  describe('get', () => {
    it('returns a kernel tool that validates and executes', async () => {
      const tool = (await registry()).get('fs.read');
      expect(tool.name).toBe('fs.read');
      expect(tool.description).toBe('Read a UTF-8 text file from disk.');
      expect(await tool.validateInput({ path: '/etc/hosts' })).toEqual({
        ok: true,
        value: { path: '/etc/hosts', maxBytes: 1_000_000 },
      });
      expect((await tool.validateInput({ path: 1 })).ok).toBe(false);
      await expect(tool.execute({ path: '/etc/hosts', maxBytes: 9 })).resolves.toBe('127.0.0.1');
    });

    it('throws ToolNotFoundError naming the closest tools', async () => {
      const r = await registry();
      expect(() => r.get('fs.raed')).toThrow(ToolNotFoundError);
      expect(() => r.get('fs.raed')).toThrow('There is no tool named "fs.raed". Did you mean "fs.read"?');
    });
  });

  describe('call', () => {
    it('resolves to the result', async () => {
      await expect((await registry()).call('fs.read', { path: '/etc/hosts' })).resolves.toBe('127.0.0.1 localhost');
    });

    it('rejects an unknown tool with its closest names, tool_not_found', async () => {
      const error = await (await registry()).call('fs_read', {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolNotFoundError);
      expect(error).toMatchObject({ code: 'tool_not_found', retryable: true, suggestions: ['fs.read'] });
    });
  });

  describe('the errors it throws', () => {
    it('answer a caller mistake without the cost of a stack trace, and leave the stack trace limit as it was', async () => {
      const limit = Error.stackTraceLimit;
      const error = (await (await registry()).call('fs_read', {}).catch((e: unknown) => e)) as ToolNotFoundError;
      expect(Error.stackTraceLimit).toBe(limit);
      expect(error.name).toBe('ToolNotFoundError');
      expect(error.stack).not.toMatch(/\n\s+at /);
      expect(JSON.parse(JSON.stringify(error))).toEqual(error.toPayload());
      expect(error.toPayload()).toEqual({ code: 'tool_not_found', message: error.message, retryable: true });
    });

    it('name an unknown tool of 80 characters whole, clip a longer one, and escape what it cannot print', async () => {
      const r = await registry();
      const message = async (name: string) => ((await r.call(name, {}).catch((e: unknown) => e)) as Error).message;
      expect(await message('q'.repeat(80))).toBe(
        `There is no tool named "${'q'.repeat(80)}". Call one of the listed tools by its exact name.`,
      );
      expect(await message('q'.repeat(81))).toBe(
        `There is no tool named "${'q'.repeat(80)}…". Call one of the listed tools by its exact name.`,
      );
      expect(await message('a"b\nc')).toBe(
        'There is no tool named "a\\"b\\nc". Call one of the listed tools by its exact name.',
      );
    });
  });

  describe('dispatch', () => {
    it('wraps success with the tool and the call id', async () => {
      expect(await (await registry()).dispatch('fs.read', { path: '/etc/hosts' }, { callId: 'c-1' })).toEqual({
        ok: true,
        tool: 'fs.read',
        callId: 'c-1',
        value: '127.0.0.1 localhost',
      });
    });

    it('never rejects, and its outcomes survive JSON', async () => {
      const r = await registry();
      const outcomes = await Promise.all([
        r.dispatch('nope', {}),
        r.dispatch('fs.read', 'not an object'),
        r.dispatch(42 as unknown as string, {}),
        r.dispatch('fs.read', { path: '/etc/hosts' }),
      ]);
      for (const outcome of outcomes) {
        expect(JSON.parse(JSON.stringify(outcome))).toEqual(outcome);
        expect(JSON.stringify(outcome)).not.toMatch(/\n\s+at /);
      }
      expect(outcomes.map((o) => o.ok)).toEqual([false, false, false, true]);
      expect(outcomes[0]).toMatchObject({ ok: false, error: { code: 'tool_not_found' } });
      expect(outcomes[1]).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', issues: [{ path: '', constraint: 'isObject' }] },
      });
      expect(outcomes[0]!.callId).not.toBe(outcomes[3]!.callId);
    });

    it("hands an invalid input's payload back as plain data: its message is an own key, the same in JSON, a copy and structuredClone", async () => {
      const r = await registry();
      const outcome = await r.dispatch('fs.read', { path: '', maxBytes: 0 });
      if (outcome.ok) throw new Error('expected an invalid input');
      const message =
        'Invalid arguments for fs.read (2 problems):\n- path must be at least 1 character long\n- maxBytes must be >= 1, got 0\nFix every problem listed and call again.';
      expect(Object.keys(outcome.error)).toEqual(['code', 'message', 'retryable', 'issues']);
      expect(outcome.error.message).toBe(message);
      expect(JSON.parse(JSON.stringify(outcome.error)).message).toBe(message);
      expect({ ...outcome.error }.message).toBe(message);
      expect(structuredClone(outcome.error).message).toBe(message);
      await expect(r.call('fs.read', { path: '', maxBytes: 0 })).rejects.toMatchObject({ message });
    });
  });

  describe('view', () => {
    it('sees only its tools, and cannot reach any other', async () => {
      const view = (await registry()).view({ toolsets: ['network'] });
      expect(view.list().map((t) => t.name)).toEqual(['net.fetch']);
      expect(view.definitions().map((t) => t.name)).toEqual(['net.fetch']);
      expect(view.has('fs.read')).toBe(false);
      await expect(view.call('fs.read', { path: '/etc/hosts' })).rejects.toBeInstanceOf(ToolNotFoundError);
      expect(await view.dispatch('fs.read', { path: '/etc/hosts' })).toMatchObject({
        ok: false,
        error: {
          code: 'tool_not_found',
          message: 'There is no tool named "fs.read". Call one of the listed tools by its exact name.',
        },
      });
      await expect(view.call('net.fetch', { url: 'https://example.org' })).resolves.toBe('fetched https://example.org');
    });

    it('narrows by tag and composes', async () => {
      const view = (await registry()).view({ tags: ['filesystem'] }).view({ tags: ['read'] });
      expect(view.list().map((t) => t.name)).toEqual(['fs.read']);
    });
  });

  it('can be built by hand from RegisteredTools', async () => {
    const { registry: r } = await buildRegistry(
      toolset({ name: 'network', tools: [Fetch], granted: PermissionSet.all() }),
    );
    const byHand = new ToolRegistry([r.get('net.fetch')]);
    await expect(byHand.call('net.fetch', { url: 'https://a.example' })).resolves.toBe('fetched https://a.example');
    expect(() => new ToolRegistry([r.get('net.fetch'), r.get('net.fetch')])).toThrow('declared twice');
  });
});
