// ctx.logger lines reaching MCP clients that asked for them: a 2025 session through logging/setLevel, a 2026 request
// through its own logLevel. Always the app's logger first; redacted; bounded per call.
import { Client as ModernClient, LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Arg, Ctx, type Logger, Tool, type ToolContext, toolset, toolsModule } from 'hermes-tools';
import { createMcpServer, serveStdio } from 'hermes-tools/mcp';
import { buildRegistry } from './support/buildRegistry.js';

const SECRET = 'mcp-logging-secret-5d2e8b17';
process.env.HERMES_MCP_LOGGING_TEST_TOKEN = SECRET;
/** A secret with a quote and a backslash: escaped once in JSON, twice in JSON held as a string in JSON. */
const QUOTED = 'mcp-"logging"\\secret-3f9a';
process.env.HERMES_MCP_LOGGING_TEST_QUOTED = QUOTED;

@Tool({ name: 'chatty.work', description: 'Works, saying so at every level.' })
class ChattyWork {
  execute(
    @Ctx() ctx: ToolContext,
    @Arg('lines', { integer: true, minimum: 0, optional: true }) lines?: number,
  ): string {
    ctx.logger.debug('looking around');
    ctx.logger.info('started', { key: SECRET, nested: JSON.stringify({ token: QUOTED }) });
    ctx.logger.warn('slow disk');
    ctx.logger.error('one file failed');
    for (let i = 0; i < (lines ?? 0); i++) ctx.logger.debug(`line ${i}`);
    if (lines !== undefined) ctx.logger.error('after the lines');
    return 'worked';
  }
}

/** What the app's own logger got. */
const appLines: string[] = [];
const appLogger: Logger = {
  debug: (message) => void appLines.push(`debug ${message}`),
  info: (message) => void appLines.push(`info ${message}`),
  warn: (message) => void appLines.push(`warn ${message}`),
  error: (message) => void appLines.push(`error ${message}`),
};

async function registry() {
  return (await buildRegistry(toolsModule({ logger: appLogger }), toolset({ name: 'chatty', tools: [ChattyWork] })))
    .registry;
}

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  appLines.length = 0;
});

async function legacyClient(): Promise<{
  client: LegacyClient;
  lines: { level: string; logger?: string; data: unknown }[];
}> {
  const server = createMcpServer(await registry(), { name: 'logs', version: '1.0.0', listChangedIntervalMs: 0 });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  closing.push(() => server.close());
  const client = new LegacyClient({ name: 'legacy', version: '1.0.0' });
  const lines: { level: string; logger?: string; data: unknown }[] = [];
  client.setNotificationHandler(
    LoggingMessageNotificationSchema,
    (notification) => void lines.push(notification.params),
  );
  await client.connect(clientSide as never);
  closing.push(() => client.close());
  return { client, lines };
}

describe('log lines to MCP clients', () => {
  it('reach a 2025 session only once it set a level, at that level and above, redacted, before the result', async () => {
    const { client, lines } = await legacyClient();
    expect(client.getServerCapabilities()?.logging).toEqual({});
    await client.callTool({ name: 'chatty.work', arguments: {} });
    expect(lines).toEqual([]);
    // The app's logger has every line, whoever asked.
    expect(appLines).toEqual(['debug looking around', 'info started', 'warn slow disk', 'error one file failed']);

    await client.setLoggingLevel('info');
    await client.callTool({ name: 'chatty.work', arguments: {} });
    expect(lines).toEqual([
      {
        level: 'info',
        logger: 'chatty.work',
        data: { message: 'started', fields: '{"key":"[redacted]","nested":"{\\"token\\":\\"[redacted]\\"}"}' },
      },
      { level: 'warning', logger: 'chatty.work', data: 'slow disk' },
      { level: 'error', logger: 'chatty.work', data: 'one file failed' },
    ]);
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    expect(JSON.stringify(lines)).not.toContain('logging');
  });

  it('relays at most 100 lines of one call, then says the rest are not relayed', async () => {
    const { client, lines } = await legacyClient();
    await client.setLoggingLevel('debug');
    await client.callTool({ name: 'chatty.work', arguments: { lines: 500 } });
    expect(lines).toHaveLength(101);
    expect(lines.at(-1)).toEqual({
      level: 'warning',
      logger: 'chatty.work',
      data: 'further log lines of this call are not relayed (at most 100)',
    });
    // The app's logger still has all of them.
    expect(appLines).toHaveLength(505);
  });

  it('counts only the lines at the level asked: a client at error hears every error, however many debug lines came first', async () => {
    const { client, lines } = await legacyClient();
    await client.setLoggingLevel('error');
    await client.callTool({ name: 'chatty.work', arguments: { lines: 500 } });
    expect(lines.map((line) => line.data)).toEqual(['one file failed', 'after the lines']);
  });

  it('reach a 2026 request that carries a logLevel, and no request that does not', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const serving = await serveStdio(
      await registry(),
      { name: 'logs', version: '1.0.0', listChangedIntervalMs: 0 },
      serverSide,
    );
    closing.push(() => serving.close());
    const client = new ModernClient(
      { name: 'modern', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const lines: unknown[] = [];
    client.setNotificationHandler('notifications/message', (notification) => void lines.push(notification.params));
    await client.connect(clientSide as never);
    closing.push(() => client.close());
    expect(client.getProtocolEra()).toBe('modern');

    await client.callTool({ name: 'chatty.work', arguments: {} });
    expect(lines).toEqual([]);
    await client.callTool({ name: 'chatty.work', arguments: {}, _meta: { [LOG_LEVEL_META_KEY]: 'warning' } });
    expect(lines).toEqual([
      { level: 'warning', logger: 'chatty.work', data: 'slow disk' },
      { level: 'error', logger: 'chatty.work', data: 'one file failed' },
    ]);
  });
});
