// The tools that the official MCP conformance suite's server scenarios call, by the names they use
// (`npm run conformance` serves this module with the CLI and runs the suite against it). Only what
// the framework can answer today is here; a scenario whose tool is missing fails, and the run's
// report says which (see docs/mcp.md, "Conformance").
import 'reflect-metadata';
import { Container } from 'inversify';
import { Arg, Ctx, Tool, type ToolContext, toolset } from 'hermes-tools';

@Tool({ name: 'test_simple_text', description: 'Returns a fixed text (conformance: tools-call-simple-text).' })
class SimpleText {
  execute(): string {
    return 'This is a simple text response for testing.';
  }
}

@Tool({ name: 'test_error_handling', description: 'Always fails (conformance: tools-call-error).' })
class ErrorHandling {
  execute(): never {
    throw new Error('This tool intentionally returns an error for testing');
  }
}

@Tool({
  name: 'test_tool_with_progress',
  description: 'Reports progress three times (conformance: tools-call-with-progress).',
})
class ToolWithProgress {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    for (const step of [0, 50, 100]) {
      ctx.progress(step, 100, `step ${step}`);
      // A turn of the event loop between reports, as a real tool's work would leave.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return 'Progress test completed';
  }
}

@Tool({
  name: 'test_reconnection',
  description: 'Takes a second, so that SSE polling closes its stream first (conformance: server-sse-polling).',
})
class Reconnection {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    // The CLI serves this sample with --sse-polling 200: a client that can resume (2025-11-25) has the call's stream
    // closed before the answer, and gets it on its GET with Last-Event-ID.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      ctx.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    return 'Reconnection test completed';
  }
}

/** The address of json_schema_2020_12_tool, with the scenario's `$defs` and `$ref` (resolved in place when read). */
const ADDRESS = {
  $defs: {
    address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
  },
  $ref: '#/$defs/address',
};

@Tool({
  name: 'json_schema_2020_12_tool',
  description: 'Tool with JSON Schema 2020-12 features (conformance: json-schema-2020-12).',
})
class JsonSchema202012 {
  execute(@Arg('name') name?: string, @Arg('address', { type: ADDRESS, optional: true }) address?: unknown): unknown {
    return { name, address };
  }
}

/** The container the CLI serves (`--module dist/samples/conformance/server.js`). */
export async function conformanceContainer(): Promise<Container> {
  const container = new Container();
  await container.load(
    toolset({
      name: 'conformance',
      tools: [SimpleText, ErrorHandling, ToolWithProgress, JsonSchema202012, Reconnection],
    }),
  );
  return container;
}

export default conformanceContainer;
