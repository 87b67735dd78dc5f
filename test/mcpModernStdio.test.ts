// The 2026-07-28 revision over stdio, end to end: the CLI's `serve` spawned by the SDK v2 client pinned to the modern
// era, as an MCP host would run it. Discover, list, an invalid call, progress, cancellation and an approval asked by
// input_required (accepted and declined). Every wait is on an answer or an event, never on a clock.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../../dist/src/cli/main.js');
const MODULE = path.resolve(here, '../../dist/test/fixtures/modernStdioModule.js');

type Answer = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, boolean> };

const open: Client[] = [];
const legacyOpen: LegacyClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** A v2 client pinned to 2026-07-28 on a fresh `hermes-tools serve` over stdio; `answer` answers its questions. */
async function connect(answer?: (message: string) => Answer): Promise<Client> {
  const client = new Client(
    { name: 'modern-stdio-host', version: '2.4.0' },
    {
      capabilities: answer === undefined ? {} : { elicitation: { form: {} } },
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    },
  );
  if (answer !== undefined)
    client.setRequestHandler('elicitation/create', async (request) => answer(String(request.params.message)));
  open.push(client);
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--module', MODULE, 'serve', '--stdio'],
      stderr: 'ignore',
    }),
  );
  return client;
}

function textOf(result: unknown): string {
  return ((result as { content: { type: string; text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('');
}

describe('hermes-tools serve over stdio, to a 2026-07-28 client', () => {
  it('is discovered in the modern era, lists its tools in order with a ttl, and answers an invalid call as a tool error', async () => {
    const client = await connect();
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const listed = (await client.listTools()) as { tools: { name: string }[]; ttlMs?: number; cacheScope?: string };
    expect(listed.tools.map((t) => t.name)).toEqual([
      'echo.say',
      'work.slow',
      'work.aborted',
      'db.drop',
      'results.read',
    ]);
    expect(listed.ttlMs).toBe(60_000);
    expect(listed.cacheScope).toBe('private');
    expect(textOf(await client.callTool({ name: 'echo.say', arguments: { text: 'hi' } }))).toBe('said: hi');
    const invalid = await client.callTool({ name: 'echo.say', arguments: { text: 'far more than twenty characters' } });
    expect(invalid.isError).toBe(true);
    expect(invalid._meta?.['hermes-tools/error']).toMatchObject({ code: 'invalid_input' });
  });

  it('relays progress, and a cancelled call reaches its handler', async () => {
    const client = await connect();
    let progressed: (value: number) => void = () => undefined;
    const progress = new Promise<number>((resolve) => {
      progressed = resolve;
    });
    const controller = new AbortController();
    const call = client.callTool(
      { name: 'work.slow', arguments: {} },
      { signal: controller.signal, onprogress: (p) => progressed(p.progress) },
    );
    expect(await progress).toBe(1);
    controller.abort();
    await expect(call).rejects.toThrow();
    expect(textOf(await client.callTool({ name: 'work.aborted', arguments: {} }))).toBe(
      'work.slow saw its cancellation',
    );
  });

  it('asks for an approval through input_required: an accepted call runs, a declined one is refused', async () => {
    const asked: string[] = [];
    const yes = await connect((message) => {
      asked.push(message);
      return { action: 'accept', content: { approve: true } };
    });
    expect(textOf(await yes.callTool({ name: 'db.drop', arguments: { table: 'users' } }))).toBe('dropped users');
    expect(asked).toEqual([expect.stringContaining('Allow db.drop?')]);

    const no = await connect(() => ({ action: 'decline' }));
    const refused = await no.callTool({ name: 'db.drop', arguments: { table: 'orders' } });
    expect(refused._meta?.['hermes-tools/error']).toMatchObject({ code: 'approval_denied' });
    expect(textOf(refused)).toContain('the user declined it');
  });
});

describe('hermes-tools serve over stdio, to a 2025-11-25 client', () => {
  it('asks for an approval through elicitation/create: an accepted call runs, a declined one is refused', async () => {
    const legacy = async (action: 'accept' | 'decline'): Promise<LegacyClient> => {
      const client = new LegacyClient(
        { name: 'legacy-stdio-host', version: '1.32.2' },
        { capabilities: { elicitation: {} } },
      );
      client.setRequestHandler(ElicitRequestSchema, async () =>
        action === 'accept' ? { action, content: { approve: true } } : { action },
      );
      legacyOpen.push(client);
      await client.connect(
        new LegacyStdio({
          command: process.execPath,
          args: [CLI, '--module', MODULE, 'serve', '--stdio'],
          stderr: 'ignore',
        }),
      );
      return client;
    };
    try {
      const yes = await legacy('accept');
      expect(textOf(await yes.callTool({ name: 'db.drop', arguments: { table: 'users' } }))).toBe('dropped users');
      const no = await legacy('decline');
      const refused = await no.callTool({ name: 'db.drop', arguments: { table: 'orders' } });
      expect(refused._meta?.['hermes-tools/error']).toMatchObject({ code: 'approval_denied' });
    } finally {
      await Promise.all(legacyOpen.splice(0).map((c) => c.close()));
    }
  });
});
