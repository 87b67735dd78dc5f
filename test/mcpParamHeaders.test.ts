// Arguments declared as HTTP headers (`@Arg({ header })`, MCP's x-mcp-header): listed with `x-mcp-header`, mirrored
// by the SDK v2 client into Mcp-Param-* headers, and checked against the body by the server, which refuses a
// disagreement with HeaderMismatch (-32020) and answers a tool the caller cannot see as unknown.
import { request } from 'node:http';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Arg, PermissionSet, Tool, ToolDefinitionError, toolset, toolsModule, UseGuards } from 'hermes-tools';
import { type McpHttpServer, serveHttp } from 'hermes-tools/mcp';
import { buildRegistry } from './support/buildRegistry.js';
import { ENVELOPE, modernHeaders, rawCall } from './support/modernRawCall.js';

@Tool({ name: 'vm.start', description: 'Starts a machine in a region.' })
class StartVm {
  execute(
    @Arg('region', { header: 'Region' }) region: string,
    @Arg('count', { integer: true, header: 'Count' }) count: number,
    @Arg('dryRun', { optional: true, header: 'Dry-Run' }) dryRun?: boolean,
  ): string {
    return `started ${count} in ${region}${dryRun === true ? ' (dry run)' : ''}`;
  }
}

@Tool({ name: 'vm.secret', description: 'Visible to nobody.' })
@UseGuards(() => 'nobody may see this tool')
class Hidden {
  execute(@Arg('region', { header: 'Region' }) region: string): string {
    return region;
  }
}

const TOKEN = 'a-token-of-enough-length-0123456789';

async function serve(): Promise<McpHttpServer> {
  const { registry } = await buildRegistry(toolsModule(), toolset({ name: 'vm', tools: [StartVm, Hidden] }));
  return serveHttp(registry, {
    name: 'vm',
    version: '1.0.0',
    port: 0,
    auth: {
      verify: (token) => (token === TOKEN ? { principal: 'ann', scopes: [] } : undefined),
      mapScopes: () => PermissionSet.all(),
    },
  });
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

describe('@Arg({ header }) over MCP', () => {
  it('lists the header as x-mcp-header, and the SDK v2 client mirrors it into Mcp-Param-* on its own', async () => {
    const http = await serve();
    open.push(http);
    const client = new ModernClient({ name: 'modern', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new ModernHttp(http.url, { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    open.push(client);
    expect(client.getProtocolEra()).toBe('modern');
    const { tools } = await client.listTools();
    const start = tools.find((t) => t.name === 'vm.start')!;
    expect(start.inputSchema.properties).toMatchObject({
      region: { type: 'string', 'x-mcp-header': 'Region' },
      count: { type: 'integer', 'x-mcp-header': 'Count' },
      dryRun: { type: 'boolean', 'x-mcp-header': 'Dry-Run' },
    });
    const result = await client.callTool({
      name: 'vm.start',
      arguments: { region: 'eu-west', count: 2, dryRun: true },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'started 2 in eu-west (dry run)' }]);
  });

  it('refuses a 2026 call whose header is missing or disagrees with the body (HeaderMismatch), and takes one that agrees', async () => {
    const http = await serve();
    open.push(http);
    const args = { name: 'vm.start', arguments: { region: 'eu-west', count: 2 } };
    const missing = await rawCall(http.url, TOKEN, args, { 'mcp-param-count': '2' });
    expect(missing.body.error).toMatchObject({
      code: -32020,
      data: { mismatch: { header: 'Mcp-Param-Region' } },
    });
    expect(missing.body.error?.message).toMatch(
      /disagree on Mcp-Param-Region: the body carries region="eu-west", and the header is absent/,
    );
    const other = await rawCall(http.url, TOKEN, args, { 'mcp-param-region': 'us-east', 'mcp-param-count': '2' });
    expect(other.body.error).toMatchObject({ code: -32020, data: { mismatch: { header: 'Mcp-Param-Region' } } });
    // An integer past 2^53 is checked as any other: its header must say it.
    const huge = await rawCall(
      http.url,
      TOKEN,
      { name: 'vm.start', arguments: { region: 'eu-west', count: 1e20 } },
      { 'mcp-param-region': 'eu-west', 'mcp-param-count': '1' },
    );
    expect(huge.body.error).toMatchObject({ code: -32020, data: { mismatch: { header: 'Mcp-Param-Count' } } });
    const badBase64 = await rawCall(http.url, TOKEN, args, {
      'mcp-param-region': '=?base64?not base64?=',
      'mcp-param-count': '2',
    });
    expect(badBase64.body.error).toMatchObject({ code: -32020 });
    // Agreeing: plain, Base64 as the spec encodes a value, and an integer written as 2.0. An absent optional argument
    // needs no header.
    const agreeing = await rawCall(http.url, TOKEN, args, {
      'mcp-param-region': `=?base64?${Buffer.from('eu-west').toString('base64')}?=`,
      'mcp-param-count': '2.0',
    });
    expect(agreeing.body.result).toMatchObject({ content: [{ type: 'text', text: 'started 2 in eu-west' }] });
  });

  it('refuses a header a proxy could read otherwise than the body: raw non-ASCII bytes, a number written past its value', async () => {
    const http = await serve();
    open.push(http);
    // Node reads raw bytes as Latin-1: "é" sent as is would compare equal here and differently elsewhere. A value
    // outside printable ASCII goes in Base64, as the spec says (and as the SDK's client does).
    const accented = { name: 'vm.start', arguments: { region: 'eu-wést', count: 2 } };
    const raw = await rawCall(http.url, TOKEN, accented, { 'mcp-param-region': 'eu-wést', 'mcp-param-count': '2' });
    expect(raw.body.error).toMatchObject({ code: -32020, data: { mismatch: { header: 'Mcp-Param-Region' } } });
    const encoded = await rawCall(http.url, TOKEN, accented, {
      'mcp-param-region': `=?base64?${Buffer.from('eu-wést').toString('base64')}?=`,
      'mcp-param-count': '2',
    });
    expect(encoded.body.result).toMatchObject({ content: [{ type: 'text', text: 'started 2 in eu-wést' }] });
    // 1.0000000000000001 rounds to 1, but as text it is another number; trailing zeros ("1.0") are all that is let by.
    const args = { name: 'vm.start', arguments: { region: 'eu-west', count: 1 } };
    const rounded = await rawCall(http.url, TOKEN, args, {
      'mcp-param-region': 'eu-west',
      'mcp-param-count': '1.0000000000000001',
    });
    expect(rounded.body.error).toMatchObject({ code: -32020, data: { mismatch: { header: 'Mcp-Param-Count' } } });
  });

  it('refuses a request that sends a routing header twice, which would be read as one value joined by a comma', async () => {
    const http = await serve();
    open.push(http);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'vm.start', arguments: { region: 'us, eu', count: 2 }, _meta: ENVELOPE },
    });
    const headers = Object.entries(modernHeaders(TOKEN, 'tools/call', 'vm.start')).flat();
    // fetch joins repeated headers before sending; node:http sends them as given (and, given a list, adds none).
    headers.push('Mcp-Param-Region', 'us', 'Mcp-Param-Region', 'eu', 'Mcp-Param-Count', '2');
    headers.push('host', http.url.host, 'content-length', String(Buffer.byteLength(body)));
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(http.url, { method: 'POST', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error).toMatchObject({
      code: -32020,
      message: expect.stringMatching(/the Mcp-Param-Region header is sent more than once/),
    });
  });

  it('answers a tool the caller cannot see as unknown, whatever its headers', async () => {
    const http = await serve();
    open.push(http);
    const hidden = await rawCall(http.url, TOKEN, { name: 'vm.secret', arguments: { region: 'x' } });
    expect(hidden.body.error?.code).not.toBe(-32020);
    const unknown = await rawCall(http.url, TOKEN, { name: 'vm.nothing', arguments: { region: 'x' } });
    expect(hidden.body.result?.isError ?? hidden.body.error?.code).toEqual(
      unknown.body.result?.isError ?? unknown.body.error?.code,
    );
  });

  it('leaves a 2025 client as it was: no header is asked of it', async () => {
    const http = await serve();
    open.push(http);
    const legacy = new LegacyClient({ name: 'legacy', version: '1' });
    await legacy.connect(new LegacyHttp(http.url, { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    open.push(legacy);
    const result = await legacy.callTool({ name: 'vm.start', arguments: { region: 'eu-west', count: 1 } });
    expect(result.content).toEqual([{ type: 'text', text: 'started 1 in eu-west' }]);
  });
});

describe('@Arg({ header }) declarations', () => {
  it('refuses, in one ToolDefinitionError, a header that is not a field name, on an argument no header can carry, or twice', async () => {
    @Tool({ name: 'bad.headers', description: 'Declares headers wrongly.' })
    class BadHeaders {
      execute(
        @Arg('a', { header: 'Has Space' }) a: string,
        @Arg('b', { header: 'Tags', items: String }) b: string[],
        @Arg('c', { header: 'Ratio' }) c: number,
        @Arg('d', { header: 'Zone' }) d: string,
        @Arg('e', { header: 'zone' }) e: string,
      ): string {
        return [a, b, c, d, e].join();
      }
    }
    const attempt = buildRegistry(toolsModule(), toolset({ name: 'bad', tools: [BadHeaders] }));
    await expect(attempt).rejects.toThrow(ToolDefinitionError);
    const error = (await attempt.catch((e: unknown) => e)) as ToolDefinitionError;
    expect(error.details.map((p) => [p.code, p.where.replace(/.*@Arg/, '@Arg')])).toEqual([
      ['invalid_header', "@Arg('a')"],
      ['invalid_header', "@Arg('b')"],
      ['invalid_header', "@Arg('c')"],
      ['invalid_header', "@Arg('e')"],
    ]);
    expect(error.message).toMatch(/only a string, integer or boolean argument can be a header; this one is number/);
    expect(error.message).toMatch(/header "zone" is already the header of "d"/);
  });

  it('puts the headers in the definition, and nowhere in the input schema other kernels see', async () => {
    const { registry } = await buildRegistry(toolsModule(), toolset({ name: 'vm', tools: [StartVm] }));
    const definition = registry.get('vm.start').definition;
    expect(definition.headers).toEqual({ region: 'Region', count: 'Count', dryRun: 'Dry-Run' });
    expect(JSON.stringify(definition.inputSchema)).not.toContain('x-mcp-header');
  });
});
