// A ToolResult's content parts through each provider format, typed against each provider SDK's own types.
import 'reflect-metadata';
import type { Part } from '@google/genai';
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { toAiSdkTools } from 'hermes-tools/ai';
import {
  Content,
  Ctx,
  OutputValidationError,
  QuestionNotAnsweredError,
  Tool,
  type ToolContext,
  ToolResult,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { toAnthropicTools, toGeminiTools, toOpenAITools } from 'hermes-tools/providers';
import { buildRegistry } from './support/buildRegistry.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9, 9]);
const PNG_BASE64 = PNG.toString('base64');
const PDF_BASE64 = Buffer.from('%PDF-1.7 a page').toString('base64');
const WAV_BASE64 = Buffer.from('RIFF....WAVEfmt ').toString('base64');

@Tool({ name: 'report.render', description: 'Renders a report: a chart, its PDF and a spoken summary.' })
class RenderReport {
  execute(): ToolResult {
    return new ToolResult({
      value: { pages: 1 },
      content: [
        Content.text('Q3 report'),
        Content.image(PNG, 'image/png'),
        Content.resource({ uri: 'file:///reports/q3.pdf', mimeType: 'application/pdf', blob: PDF_BASE64 }),
        Content.audio(WAV_BASE64, 'audio/wav'),
      ],
    });
  }
}

@Tool({ name: 'plain.value', description: 'Returns a plain value.' })
class PlainValue {
  execute(): unknown {
    return { type: 'image', data: 'not content' };
  }
}

async function registry() {
  return (await buildRegistry(toolset({ name: 'report', tools: [RenderReport, PlainValue] }))).registry;
}

describe('a ToolResult in each provider format', () => {
  it('Anthropic: text, image and PDF document blocks in the tool_result; audio as a note, reported', async () => {
    const tools = await registry();
    const anthropic = toAnthropicTools(tools.definitions());
    const use: Anthropic.ToolUseBlock = {
      type: 'tool_use',
      id: 'toolu_1',
      name: anthropic.tools[0]!.name,
      input: {},
      caller: { type: 'direct' },
    };
    const result = await anthropic.dispatch(tools, use);
    const block: Anthropic.ToolResultBlockParam = result.message;
    expect(block.content).toEqual([
      { type: 'text', text: 'Q3 report' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 } },
      { type: 'text', text: '[audio/wav audio, not shown: Anthropic tool results cannot carry it]' },
      { type: 'text', text: '{"pages":1}' },
    ]);
    expect(result.notes).toEqual([
      'content[3]: Anthropic tool results cannot carry audio/wav audio (audio); a text note names it instead',
    ]);
    // A plain value is text, as ever, whatever its shape.
    const plain = await anthropic.dispatch(tools, { ...use, name: anthropic.tools[1]!.name });
    expect(plain.message.content).toBe('{"type":"image","data":"not content"}');
    expect(plain).not.toHaveProperty('notes');
  });

  it('OpenAI Responses: input_text, input_image and input_file items as data URLs; audio as a note', async () => {
    const tools = await registry();
    const openai = toOpenAITools(tools.definitions(), { api: 'responses' });
    const call: OpenAI.Responses.ResponseFunctionToolCall = {
      type: 'function_call',
      call_id: 'call_1',
      name: openai.tools[0]!.name,
      arguments: '{}',
    };
    const result = await openai.dispatch(tools, call);
    const output: OpenAI.Responses.ResponseInputItem.FunctionCallOutput = result.message;
    expect(output.output).toEqual([
      { type: 'input_text', text: 'Q3 report' },
      { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}`, detail: 'auto' },
      { type: 'input_file', file_data: `data:application/pdf;base64,${PDF_BASE64}`, filename: 'q3.pdf' },
      { type: 'input_text', text: '[audio/wav audio, not shown: OpenAI Responses function output cannot carry it]' },
      { type: 'input_text', text: '{"pages":1}' },
    ]);
    expect(result.notes).toHaveLength(1);
  });

  it('OpenAI Chat Completions: text only, every other part named in a note and reported', async () => {
    const tools = await registry();
    const openai = toOpenAITools(tools.definitions());
    const result = await openai.dispatch(tools, {
      id: 'call_1',
      type: 'function',
      function: { name: openai.tools[0]!.function.name, arguments: '{}' },
    });
    const message: OpenAI.Chat.Completions.ChatCompletionToolMessageParam = result.message;
    expect(message.content).toBe(
      [
        'Q3 report',
        '[a image/png image, not shown: OpenAI Chat Completions tool messages cannot carry it]',
        '[the application/pdf resource file:///reports/q3.pdf, not shown: OpenAI Chat Completions tool messages cannot carry it]',
        '[audio/wav audio, not shown: OpenAI Chat Completions tool messages cannot carry it]',
        '{"pages":1}',
      ].join('\n'),
    );
    expect(result.notes).toHaveLength(3);
  });

  it('Gemini: the image and the PDF as inline data parts of the function response, named in its output', async () => {
    const tools = await registry();
    const gemini = toGeminiTools(tools.definitions());
    const result = await gemini.dispatch(tools, {
      id: 'c1',
      name: gemini.tools[0]!.functionDeclarations[0]!.name,
      args: {},
    });
    const part: Part = result.message;
    expect(part.functionResponse?.parts).toEqual([
      { inlineData: { mimeType: 'image/png', data: PNG_BASE64, displayName: 'part-1' } },
      { inlineData: { mimeType: 'application/pdf', data: PDF_BASE64, displayName: 'q3.pdf' } },
    ]);
    expect(part.functionResponse?.response).toEqual({
      output: [
        'Q3 report',
        '[image/png image: part-1, attached]',
        '[application/pdf file: q3.pdf, attached]',
        '[audio/wav audio, not shown: Gemini function responses cannot carry it]',
        '{"pages":1}',
      ].join('\n'),
    });
    expect(result.notes).toHaveLength(1);
  });
});

type ModelCall = Parameters<MockLanguageModelV3['doGenerate']>[0];
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** A model that calls `tool` once, then stops; what the tool result said is in the prompts it saw. */
function callingModel(tool: string): { model: MockLanguageModelV3; prompts: ModelCall['prompt'][] } {
  const prompts: ModelCall['prompt'][] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options: ModelCall) => {
      prompts.push(options.prompt);
      if (prompts.length === 1)
        return {
          content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: tool, input: '{}' }],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        };
      return {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    },
  });
  return { model, prompts };
}

describe('a ToolResult through the AI SDK bridge', () => {
  it('reaches the model as content: text, image data and file data, the value as JSON text after them', async () => {
    const tools = await registry();
    const { model, prompts } = callingModel('report_render');
    await generateText({ model, tools: toAiSdkTools(tools), prompt: 'Render the report.', stopWhen: stepCountIs(2) });
    const result = prompts[1]!.find((m) => m.role === 'tool')!.content[0];
    expect(result).toMatchObject({
      type: 'tool-result',
      output: {
        type: 'content',
        value: [
          { type: 'text', text: 'Q3 report' },
          { type: 'image-data', data: PNG_BASE64, mediaType: 'image/png' },
          { type: 'file-data', data: PDF_BASE64, mediaType: 'application/pdf', filename: 'q3.pdf' },
          { type: 'file-data', data: WAV_BASE64, mediaType: 'audio/wav' },
          { type: 'text', text: '{"pages":1}' },
        ],
      },
    });
  });

  it('checks the parts against the content limits, and sends a plain value as the AI SDK would', async () => {
    const { registry: strict } = await buildRegistry(
      toolsModule({ content: { maxPartBytes: 8 } }),
      toolset({ name: 'report', tools: [RenderReport, PlainValue] }),
    );
    const { model, prompts } = callingModel('report_render');
    const run = await generateText({
      model,
      tools: toAiSdkTools(strict),
      prompt: 'Render the report.',
      stopWhen: stepCountIs(2),
    });
    const toolError = run.steps[0]!.content.find((part) => part.type === 'tool-error') as { error: unknown };
    expect(toolError.error).toBeInstanceOf(OutputValidationError);
    expect(String((toolError.error as Error).message)).toContain('content.maxPartBytes, 8');
    expect(prompts).toHaveLength(2);

    const plain = callingModel('plain_value');
    await generateText({ model: plain.model, tools: toAiSdkTools(strict), prompt: 'x', stopWhen: stepCountIs(2) });
    expect(plain.prompts[1]!.find((m) => m.role === 'tool')!.content[0]).toMatchObject({
      output: { type: 'json', value: { type: 'image', data: 'not content' } },
    });
  });

  it("puts a tool's question to the app through the ask option, and a tool error without one", async () => {
    @Tool({ name: 'pick.color', description: 'Asks which color.' })
    class PickColor {
      async execute(@Ctx() ctx: ToolContext): Promise<string> {
        const answer = await ctx.ask({
          message: 'Which color?',
          fields: { color: { type: 'string', enum: ['red', 'blue'] } },
        });
        return `picked ${String(answer.color)}`;
      }
    }
    const { registry: asking } = await buildRegistry(toolset({ name: 'pick', tools: [PickColor] }));
    const answered = callingModel('pick_color');
    const run = await generateText({
      model: answered.model,
      tools: toAiSdkTools(asking, { ask: () => ({ action: 'accept', content: { color: 'blue' } }) }),
      prompt: 'x',
      stopWhen: stepCountIs(2),
    });
    expect(run.steps[0]!.toolResults[0]).toMatchObject({ output: 'picked blue' });
    const mute = callingModel('pick_color');
    const refused = await generateText({
      model: mute.model,
      tools: toAiSdkTools(asking),
      prompt: 'x',
      stopWhen: stepCountIs(2),
    });
    const toolError = refused.steps[0]!.content.find((part) => part.type === 'tool-error') as { error: unknown };
    expect(toolError.error).toBeInstanceOf(QuestionNotAnsweredError);
  });
});
