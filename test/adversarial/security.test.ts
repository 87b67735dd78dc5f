import { access } from 'node:fs/promises';
import path from 'node:path';
import { Arg, PermissionSet, Permissions, Tool, toolset, type ToolRegistry } from 'hermes-tools';
import { toOpenAITools } from 'hermes-tools/providers';
import { buildRegistry } from '../support/buildRegistry.js';
import { sampleWorkspace } from '../support/sampleWorkspace.js';

let sample: Awaited<ReturnType<typeof sampleWorkspace>>;
beforeEach(async () => {
  sample = await sampleWorkspace();
});
afterEach(() => sample.dispose());

describe('security', () => {
  const variants = [
    'FS.WRITE',
    'Fs.write',
    'fs.Write',
    ' fs.write',
    'fs.write ',
    'fs.write\n',
    '\tfs.write',
    'fs.write\u0000',
    'fs\u200b.write',
    'fs.write\u200d',
    '\uff46\uff53.write',
    'fs\u2024write',
    'fs\uff0ewrite',
    'fs.wr\u0456te',
    'f\u0455.write',
    'fs.writ\u0435',
    'fs.write'.normalize('NFD'),
    'fs..write',
    'fs/write',
    'fs:write',
  ];

  it.each(variants.map((v) => [JSON.stringify(v), v]))(
    'a denied tool cannot be reached as %s',
    async (_shown, variant) => {
      const outcome = await sample.registry.dispatch(variant, { path: 'pwned.md', content: 'x' });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(['tool_not_found', 'permission_denied']).toContain(outcome.error.code);
      await expect(access(path.join(sample.workspace, 'pwned.md'))).rejects.toThrow();
    },
  );

  it('a denied tool stays denied under its provider name', async () => {
    const openai = toOpenAITools(sample.registry.definitions());
    const { outcome } = await openai.dispatch(sample.registry, {
      id: '1',
      type: 'function',
      function: { name: 'fs_write', arguments: '{"path":"pwned.md","content":"x"}' },
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'permission_denied' } });
    await expect(access(path.join(sample.workspace, 'pwned.md'))).rejects.toThrow();
  });

  it('a view never reaches a tool outside it, nor names one', async () => {
    const orders: ToolRegistry = sample.registry.view({ toolsets: ['orders'] });
    expect(orders.list().map((t) => t.name)).toEqual(['orders.create']);
    for (const name of ['fs.read', 'fs.reed', 'git.log', 'jobs.run_checks']) {
      const outcome = await orders.dispatch(name, { path: 'notes/todo.md' });
      expect(outcome).toMatchObject({ ok: false, error: { code: 'tool_not_found' } });
      expect(JSON.stringify(outcome)).not.toMatch(/Did you mean/);
      await expect(orders.call(name, {})).rejects.toMatchObject({ code: 'tool_not_found' });
      expect(orders.has(name)).toBe(false);
    }
    const narrower = orders.view({ toolsets: ['filesystem'] });
    expect(narrower.list()).toEqual([]);
  });

  it('error outcomes carry no stack trace, no file path and no env value', async () => {
    process.env.PAYMENTS_API_KEY = 'sk-live-9f8e7d6c5b4a39281706';
    process.env.DATABASE_URL = 'postgres://admin:hunter2hunter2@db.internal:5432/prod';
    try {
      @Tool({ name: 'leaky', description: 'Fails in the worst ways.' })
      class Leaky {
        execute(@Arg('how') how: string): unknown {
          if (how === 'secret')
            throw new Error(`connect failed with key ${process.env.PAYMENTS_API_KEY} to ${process.env.DATABASE_URL}`);
          if (how === 'bug') return (undefined as unknown as { x: { y: number } }).x.y;
          if (how === 'cause') throw new Error('wrapped', { cause: new Error(`deep ${process.env.PAYMENTS_API_KEY}`) });
          throw Object.assign(new Error('with extras'), {
            stack: `Error\n    at ${import.meta.url}:1:1`,
            config: { key: process.env.PAYMENTS_API_KEY },
          });
        }
      }
      const { registry } = await buildRegistry(toolset({ name: 'leaky', tools: [Leaky] }));
      for (const how of ['secret', 'bug', 'cause', 'extras']) {
        const text = JSON.stringify(await registry.dispatch('leaky', { how }));
        expect(text).toContain('execution_failed');
        expect(text).not.toContain('sk-live-9f8e7d6c5b4a39281706');
        expect(text).not.toContain('hunter2hunter2');
        expect(text).not.toMatch(/\n\s+at |file:\/\/|\/work\/|\.js:\d+/);
      }
    } finally {
      delete process.env.PAYMENTS_API_KEY;
      delete process.env.DATABASE_URL;
    }
  });

  it('a grant of fs:* does not grant fsx:read', async () => {
    @Tool({ name: 'fsx.read', description: 'Reads from the other store.' })
    @Permissions('fsx:read')
    class FsxRead {
      execute(): string {
        return 'secret';
      }
    }
    @Tool({ name: 'fs.peek', description: 'Reads from the store.' })
    @Permissions('fs:read')
    class FsPeek {
      execute(): string {
        return 'fine';
      }
    }
    const { registry } = await buildRegistry(
      toolset({ name: 'stores', tools: [FsxRead, FsPeek], granted: PermissionSet.none().grant('fs:*') }),
    );
    expect(await registry.dispatch('fsx.read', {})).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', permission: 'fsx:read' },
    });
    expect(await registry.dispatch('fs.peek', {})).toMatchObject({ ok: true, value: 'fine' });
  });
});
