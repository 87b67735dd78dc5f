import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { Arg, Example, PermissionDeniedError, Tool, toolset, toolsModule } from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';
import { toAiSdkTools } from 'hermes-tools/ai';
import { sampleWorkspace } from './support/sampleWorkspace.js';

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

let sample: Awaited<ReturnType<typeof sampleWorkspace>>;
beforeEach(async () => {
  sample = await sampleWorkspace();
});
afterEach(() => sample.dispose());

/** A model that first calls two tools, then answers from what the tool results in its prompt say. */
function scriptedModel(): { model: MockLanguageModelV3; prompts: CallOptions['prompt'][] } {
  const prompts: CallOptions['prompt'][] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options: CallOptions) => {
      prompts.push(options.prompt);
      const results = options.prompt.filter((m) => m.role === 'tool').flatMap((m) => m.content);
      if (results.length === 0) {
        return {
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call-read',
              toolName: 'fs_read',
              input: JSON.stringify({ path: 'notes/todo.md' }),
            },
            {
              type: 'tool-call',
              toolCallId: 'call-write',
              toolName: 'fs_write',
              input: JSON.stringify({ path: 'notes/todo.md', content: 'gone' }),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        };
      }
      return {
        content: [{ type: 'text', text: `I read: ${JSON.stringify(results)}` }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    },
  });
  return { model, prompts };
}

describe('toAiSdkTools (AI SDK 6)', () => {
  it('runs a tool-call loop through the mock model: results and errors go back into the conversation', async () => {
    const { model, prompts } = scriptedModel();
    // fs.write needs approval in the samples; here the loop shows the permission denial that comes first.
    const tools = toAiSdkTools(sample.registry, { needsApproval: () => false });
    expect(Object.keys(tools)).toEqual(
      expect.arrayContaining(['fs_read', 'fs_write', 'orders_create', 'jobs_run_checks']),
    );

    const result = await generateText({ model, tools, prompt: 'What is on my todo list?', stopWhen: stepCountIs(3) });

    expect(prompts).toHaveLength(2);
    const [first] = result.steps;
    expect(first!.toolResults).toEqual([
      expect.objectContaining({ toolCallId: 'call-read', toolName: 'fs_read', output: '- one\n' }),
    ]);
    const toolError = first!.content.find((part) => part.type === 'tool-error');
    expect(toolError).toMatchObject({ toolCallId: 'call-write', toolName: 'fs_write' });
    expect((toolError as { error: unknown }).error).toBeInstanceOf(PermissionDeniedError);

    const toolMessage = prompts[1]!.find((m) => m.role === 'tool')!;
    expect(toolMessage.content).toEqual([
      expect.objectContaining({
        type: 'tool-result',
        toolCallId: 'call-read',
        output: { type: 'text', value: '- one\n' },
      }),
      expect.objectContaining({
        type: 'tool-result',
        toolCallId: 'call-write',
        output: { type: 'error-text', value: expect.stringContaining('fs:write') },
      }),
    ]);
    expect(result.text).toContain('- one');
  });

  it('offers the schema the registry shows, and can ask for approval of destructive tools', () => {
    const tools = toAiSdkTools(sample.registry, { names: 'registry', needsApproval: (d) => d.destructive === true });
    expect(Object.keys(tools)).toContain('fs.write');
    expect(tools['fs.write']!.needsApproval).toBe(true);
    expect(tools['fs.read']!.needsApproval).toBeUndefined();
    const schema = (tools['fs.read']!.inputSchema as { jsonSchema: unknown }).jsonSchema;
    expect(schema).toEqual(sample.registry.get('fs.read').definition.inputSchema);
  });

  it('shows worked examples that call the tool by the name the AI SDK knows it by', async () => {
    class Refund {
      @Tool({ name: 'billing.refund', description: 'Refunds an order.' })
      @Example({ description: 'A whole refund', input: { order: 'A-1' } })
      execute(@Arg('order') order: string): string {
        return order;
      }
    }
    const { registry } = await buildRegistry(toolset({ name: 'billing', tools: [Refund] }));
    const renamed = toAiSdkTools(registry);
    expect(Object.keys(renamed)).toContain('billing_refund');
    expect(renamed.billing_refund!.description).toContain('billing_refund({"order":"A-1"})');
    expect(renamed.billing_refund!.description).not.toContain('billing.refund(');
    expect(toAiSdkTools(registry, { names: 'registry' })['billing.refund']!.description).toContain(
      'billing.refund({"order":"A-1"})',
    );
  });

  it("takes the registry's approval policy by default, and counts the AI SDK's approval as the answer", async () => {
    @Tool({ name: 'db.drop', description: 'Drops a table.', destructive: true })
    class DropTable {
      execute(@Arg('table') table: string): string {
        return `dropped ${table}`;
      }
    }
    const { registry } = await buildRegistry(
      toolsModule({ approvals: {} }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    const tools = toAiSdkTools(registry, { names: 'registry' });
    expect(tools['db.drop']!.needsApproval).toBe(true);
    await expect(tools['db.drop']!.execute!({ table: 'logs' }, { toolCallId: 't1', messages: [] })).resolves.toBe(
      'dropped logs',
    );
    await expect(registry.call('db.drop', { table: 'logs' })).rejects.toMatchObject({ code: 'approval_denied' });
  });

  it('sends property names every provider accepts and hands the tool its own, both ways', async () => {
    @Tool({ name: 'tags.find', description: 'Finds by tag.' })
    class FindByTag {
      execute(
        @Arg('$tag', { minLength: 2 }) tag: string,
        @Arg('limit', { integer: true, default: 5 }) limit: number,
      ): string {
        return `${tag}:${limit}`;
      }
    }
    const { registry } = await buildRegistry(toolset({ name: 'tags', tools: [FindByTag] }));
    const portable = toAiSdkTools(registry);
    const schema = (
      portable.tags_find!.inputSchema as { jsonSchema: { properties: Record<string, unknown>; required: string[] } }
    ).jsonSchema;
    expect(Object.keys(schema.properties).sort()).toEqual(['_tag', 'limit']);
    expect(schema.required).toEqual(['_tag']);
    await expect(portable.tags_find!.execute!({ _tag: 'ai' }, { toolCallId: 't1', messages: [] })).resolves.toBe(
      'ai:5',
    );
    // The issue names the tool's property; the message says what the model sent for it.
    await expect(portable.tags_find!.execute!({ _tag: 'a' }, { toolCallId: 't2', messages: [] })).rejects.toMatchObject(
      {
        code: 'invalid_input',
        message: expect.stringContaining('"$tag" is sent as "_tag"'),
      },
    );
    const own = toAiSdkTools(registry, { names: 'registry' });
    expect(
      Object.keys((own['tags.find']!.inputSchema as { jsonSchema: { properties: object } }).jsonSchema.properties),
    ).toContain('$tag');
  });
});
