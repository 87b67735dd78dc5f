// What the README's provider snippets need around them: a registry, and each SDK's client as a
// scripted stand-in typed as the real one, so the snippets compile against the SDKs in the lock
// file and run with no network (and no API key). Each stand-in answers with one round of tool calls.
import 'reflect-metadata';
import type Anthropic from '@anthropic-ai/sdk';
import type { GenerateContentResponse, GoogleGenAI } from '@google/genai';
import type OpenAI from 'openai';
import { Container } from 'inversify';
import { Arg, Tool, ToolRegistry, toolset } from 'hermes-tools';

@Tool({ name: 'notes.read', description: 'Read a note by name.', idempotent: true })
class ReadNote {
  execute(@Arg('name', { minLength: 1 }) name: string): string {
    return name === 'todo' ? 'buy milk' : `There is no note named "${name}".`;
  }
}

const container = new Container();
await container.load(toolset({ name: 'notes', tools: [ReadNote] }));
export const registry = container.get(ToolRegistry);
export const model = 'a-model';

/** Chat Completions: a function tool call, and a custom tool call (which `tool_calls` can hold in openai 6 and 7). */
export function scriptedOpenAI(): OpenAI {
  const completion = {
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          refusal: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'notes_read', arguments: '{"name":"todo"}' } },
            { id: 'call_2', type: 'custom', custom: { name: 'grammar_tool', input: 'x' } },
          ],
        },
      },
    ],
  };
  return { chat: { completions: { create: async () => completion } } } as unknown as OpenAI;
}

/** Messages: a text block and a tool_use block. */
export function scriptedAnthropic(): Anthropic {
  const reply = {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Reading it.' },
      { type: 'tool_use', id: 'toolu_1', name: 'notes_read', input: { name: 'todo' } },
    ],
  };
  return { messages: { create: async () => reply } } as unknown as Anthropic;
}

/** generateContent: a response with one function call. */
export function scriptedGemini(): GoogleGenAI {
  const call = { id: 'g1', name: 'notes.read', args: { name: 'todo' } };
  const response = {
    functionCalls: [call],
    candidates: [{ content: { role: 'model', parts: [{ functionCall: call }] } }],
  } as unknown as GenerateContentResponse;
  return { models: { generateContent: async () => response } } as unknown as GoogleGenAI;
}
