import {
  type FunctionCall,
  type FunctionDeclaration,
  type Part,
  type Schema,
  type Tool as GeminiSdkTool,
  Type,
} from '@google/genai';
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { Arg, Tool, toolset, type ToolDefinition, type ToolRegistry } from 'hermes-tools';
import { GeminiType, toAnthropicTools, toGeminiTools, toOpenAITools, type GeminiSchema } from 'hermes-tools/providers';
import { buildRegistry } from './support/buildRegistry.js';
import { sampleWorkspace } from './support/sampleWorkspace.js';

@Tool({ name: 'notes.find', description: 'Find notes.' })
class FindNotes {
  execute(
    @Arg('query', { minLength: 1 }) query: string,
    @Arg('limit', { type: Number, optional: true, integer: true, minimum: 1 }) limit: number | undefined,
    @Arg('folder', { type: String, nullable: true }) folder: string | null,
    @Arg('priority', { enum: [1, 2, 3], default: 1 }) priority: number,
    @Arg('score', { type: Number, optional: true, exclusiveMinimum: 0 }) score: number | undefined,
  ): unknown {
    return { query, limit: limit ?? 'absent', folder, priority, score: score ?? 'absent' };
  }
}

@Tool({ name: 'notes.tag', description: 'Attach any JSON data to a note.' })
class TagNote {
  execute(@Arg('data', { type: {} }) data: unknown): unknown {
    return { data };
  }
}

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,62}$/;
const STRICT_REJECTED = [
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'propertyNames',
  'contains',
  'minProperties',
  'maxProperties',
  'uniqueItems',
  'default',
  'minLength',
  'maxLength',
  '$schema',
];
const GEMINI_KEYS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'minimum',
  'maximum',
]);

/** Every sub-schema of a schema, with its path. */
function walk(schema: Record<string, unknown>, path = ''): [string, Record<string, unknown>][] {
  const out: [string, Record<string, unknown>][] = [[path, schema]];
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
  for (const [k, v] of Object.entries(properties ?? {})) out.push(...walk(v, `${path}.${k}`));
  if (typeof schema.items === 'object') out.push(...walk(schema.items as Record<string, unknown>, `${path}[]`));
  for (const b of (schema.anyOf as Record<string, unknown>[] | undefined) ?? []) out.push(...walk(b, path));
  return out;
}

let sample: Awaited<ReturnType<typeof sampleWorkspace>>;
let notes: ToolRegistry;
let all: ToolDefinition[];
beforeEach(async () => {
  sample = await sampleWorkspace();
  notes = (await buildRegistry(toolset({ name: 'notes', tools: [FindNotes, TagNote] }))).registry;
  all = [...sample.registry.definitions(), ...notes.definitions()];
});
afterEach(() => sample.dispose());

describe('toOpenAITools', () => {
  it('fits every tool to strict mode: legal names, every property required, optional ones nullable, no rejected keyword', () => {
    const openai = toOpenAITools(all, { strict: true });
    const typed: OpenAI.Chat.Completions.ChatCompletionTool[] = openai.tools;
    expect(typed).toHaveLength(all.length);
    for (const tool of openai.tools.filter((t) => t.function.strict)) {
      expect(tool.function.name).toMatch(OPENAI_NAME);
      for (const [path, node] of walk(tool.function.parameters)) {
        for (const keyword of STRICT_REJECTED)
          expect([path, keyword, node[keyword]]).toEqual([path, keyword, undefined]);
        if (node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'))) {
          expect(node.additionalProperties).toBe(false);
          expect(node.required).toEqual(Object.keys(node.properties as object));
        }
      }
    }
    const find = openai.tools.find((t) => t.function.name === 'notes_find')!.function;
    expect(find.strict).toBe(true);
    expect(find.parameters.properties).toMatchObject({
      query: { type: 'string', description: '(minLength: 1)' },
      limit: { type: ['integer', 'null'], minimum: 1 },
      folder: { type: ['string', 'null'] },
      priority: { type: ['number', 'null'], enum: [1, 2, 3, null] },
    });
  });

  it('sends a tool strict mode cannot express with strict: false, and says why', () => {
    const openai = toOpenAITools(all);
    const tag = openai.tools.find((t) => t.function.name === 'notes_tag')!.function;
    expect(tag.strict).toBe(false);
    expect(openai.report.find((r) => r.tool === 'notes.tag')!.changes).toEqual([
      'name "notes.tag" sent as "notes_tag" (OpenAI allows only letters, digits, "_" and "-", at most 64)',
      'sent with strict: false, because data accepts any JSON value, which strict mode cannot express',
    ]);
    expect(toOpenAITools(all, { strict: false }).tools.every((t) => !t.function.strict)).toBe(true);
  });

  it('maps names reversibly, even when sanitised names collide or are too long', () => {
    const long = `${'a.'.repeat(40)}z`;
    const defs = [
      { ...all[0]!, name: 'a.b' },
      { ...all[0]!, name: 'a_b' },
      { ...all[0]!, name: long },
    ];
    const openai = toOpenAITools(defs);
    const names = openai.tools.map((t) => t.function.name);
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(OPENAI_NAME);
    expect(names.map((n) => openai.toolName(n))).toEqual(['a.b', 'a_b', long]);
    expect(toOpenAITools(defs).tools.map((t) => t.function.name)).toEqual(names);
  });

  it('round trip: a Chat Completions tool call goes to dispatch and comes back as a tool message; null means absent', async () => {
    const openai = toOpenAITools(notes.definitions());
    const call: OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall = {
      id: 'call_1',
      type: 'function',
      function: {
        name: 'notes_find',
        arguments: '{"query":"books","limit":null,"folder":null,"priority":null,"score":null}',
      },
    };
    const { message, outcome } = await openai.dispatch(notes, call);
    const typed: OpenAI.Chat.Completions.ChatCompletionToolMessageParam = message;
    expect(typed).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: JSON.stringify({ query: 'books', limit: 'absent', folder: null, priority: 1, score: 'absent' }),
    });
    expect(outcome).toMatchObject({ ok: true, tool: 'notes.find', callId: 'call_1' });
  });

  it('round trip of failures: bad JSON, an unknown name, a denied tool, invalid arguments', async () => {
    const openai = toOpenAITools(sample.registry.definitions());
    const ask = (name: string, args: string) =>
      openai.dispatch(sample.registry, { id: 'c', type: 'function', function: { name, arguments: args } });
    const badJson = await ask('fs_read', '{"path": ');
    expect(badJson.outcome).toMatchObject({ ok: false, tool: 'fs.read', error: { code: 'invalid_input' } });
    expect(badJson.message.content).toMatch(/not valid JSON/);
    const unknown = await ask('fs_raed', '{}');
    expect(unknown.message.content).toContain('Did you mean "fs_read"');
    const denied = await ask('fs_write', '{"path":"a.md","content":"x","append":null}');
    expect(denied.outcome).toMatchObject({ ok: false, error: { code: 'permission_denied' } });
    const invalid = await ask('fs_read', '{"path":"","maxBytes":null}');
    expect(invalid.message.content).toMatch(/Invalid arguments for fs\.read/);
  });

  it('speaks the Responses API too', async () => {
    const openai = toOpenAITools(sample.registry.definitions(), { api: 'responses' });
    const typed: OpenAI.Responses.FunctionTool[] = openai.tools;
    expect(typed[0]).toMatchObject({ type: 'function', name: 'fs_read', strict: true });
    const call: OpenAI.Responses.ResponseFunctionToolCall = {
      type: 'function_call',
      call_id: 'fc_1',
      name: 'fs_read',
      arguments: '{"path":"notes/todo.md","maxBytes":null}',
    };
    const { message } = await openai.dispatch(sample.registry, call);
    const output: OpenAI.Responses.ResponseInputItem.FunctionCallOutput = message;
    expect(output).toEqual({ type: 'function_call_output', call_id: 'fc_1', output: '- one\n' });
  });
});

describe('toAnthropicTools', () => {
  it('gives names without dots, an object root, and reports the renames', () => {
    const anthropic = toAnthropicTools(all);
    const typed: Anthropic.Tool[] = anthropic.tools;
    for (const tool of typed) {
      expect(tool.name).toMatch(ANTHROPIC_NAME);
      expect(tool.input_schema.type).toBe('object');
    }
    expect(anthropic.report.find((r) => r.tool === 'fs.read')).toEqual({
      tool: 'fs.read',
      providerName: 'fs_read',
      changes: ['name "fs.read" sent as "fs_read" (Anthropic allows only letters, digits, "_" and "-", at most 64)'],
    });
  });

  it('round trip: a tool_use block to dispatch to a tool_result block, with is_error on failure', async () => {
    const anthropic = toAnthropicTools(sample.registry.definitions());
    const use: Anthropic.ToolUseBlock = {
      type: 'tool_use',
      id: 'toolu_1',
      name: 'fs_read',
      input: { path: 'notes/todo.md' },
      caller: { type: 'direct' },
    };
    const ok = await anthropic.dispatch(sample.registry, use);
    const block: Anthropic.ToolResultBlockParam = ok.message;
    expect(block).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1', content: '- one\n' });
    const failed = await anthropic.dispatch(sample.registry, { ...use, id: 'toolu_2', input: { path: 'missing.md' } });
    expect(failed.message).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_2', is_error: true });
    expect(failed.outcome).toMatchObject({ ok: false, error: { code: 'execution_failed' } });
  });
});

describe('toGeminiTools', () => {
  it("uses only keys of Gemini's OpenAPI subset, with string enums and declared required properties", () => {
    const gemini = toGeminiTools(all);
    // The official types, not a lookalike: this file does not compile if the output is not a @google/genai Tool.
    const tools: GeminiSdkTool[] = gemini.tools;
    const declarations: FunctionDeclaration[] = tools[0]!.functionDeclarations!;
    for (const declaration of declarations) {
      expect(declaration.name).toMatch(GEMINI_NAME);
      if (declaration.parameters === undefined) continue;
      for (const [path, node] of walk(declaration.parameters as Record<string, unknown>)) {
        for (const key of Object.keys(node)) expect([path, key, GEMINI_KEYS.has(key)]).toEqual([path, key, true]);
        if (node.enum !== undefined) expect((node.enum as unknown[]).every((v) => typeof v === 'string')).toBe(true);
        if (node.required !== undefined)
          for (const r of node.required as string[]) expect(Object.keys(node.properties as object)).toContain(r);
        expect(node.type).toMatch(/^[A-Z]+$/);
      }
    }
    const find: GeminiSchema = declarations.find((d) => d.name === 'notes.find')!.parameters as GeminiSchema;
    const asSdk: Schema = find;
    expect(asSdk.type).toBe(Type.OBJECT);
    expect(find.properties).toMatchObject({
      folder: { type: 'STRING', nullable: true },
      priority: { type: 'NUMBER', description: '(one of 1, 2, 3)' },
      score: { type: 'NUMBER', minimum: 0, description: '(greater than 0, not equal)' },
      query: { type: 'STRING', minLength: '1' },
    });
    expect(declarations.find((d) => d.name === 'git.status')!.parameters).toBeUndefined();
    const tag = gemini.tools[0]!.functionDeclarations.find((d) => d.name === 'notes.tag')!;
    expect(tag.parameters).toBeUndefined();
    expect(tag.parametersJsonSchema).toEqual(notes.get('notes.tag').definition.inputSchema);
    expect(gemini.report.find((r) => r.tool === 'notes.tag')!.changes[0]).toMatch(/parametersJsonSchema/);
  });

  it("GeminiType has the SDK's Type values, so the values sent are the ones the SDK names", () => {
    const sdk = new Set<string>(Object.values(Type));
    for (const value of Object.values(GeminiType)) expect([value, sdk.has(value)]).toEqual([value, true]);
    const type: Type = GeminiType.ARRAY;
    expect(type).toBe(Type.ARRAY);
  });

  it('round trip: a functionCall part to dispatch to a functionResponse part with output or error', async () => {
    const gemini = toGeminiTools(sample.registry.definitions());
    const call: FunctionCall = { id: 'g1', name: 'fs.read', args: { path: 'notes/todo.md' } };
    const ok = await gemini.dispatch(sample.registry, call);
    const part: Part = ok.message;
    expect(part).toEqual({ functionResponse: { id: 'g1', name: 'fs.read', response: { output: '- one\n' } } });
    const denied = await gemini.dispatch(sample.registry, { name: 'fs.write', args: { path: 'x.md', content: 'x' } });
    expect(denied.message.functionResponse.response).toEqual({ error: expect.stringContaining('fs:write') });
  });
});
