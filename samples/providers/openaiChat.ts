// The README's OpenAI Chat Completions snippet (region checked word for word by readmeSnippets.test.ts),
// compiled against the openai types in the lock file and run against a scripted client.
import type OpenAI from 'openai';
import { model, registry, scriptedOpenAI } from './scripted.js';

const client = scriptedOpenAI();
export const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'What is on my todo list?' }];

// #region openai
import { toOpenAITools } from 'hermes-tools/providers';

const openai = toOpenAITools(registry.definitions(), { strict: true }); // api: 'responses' for the Responses API
const completion = await client.chat.completions.create({ model, messages, tools: openai.tools });
const reply = completion.choices[0]!.message;
messages.push(reply);
for (const call of reply.tool_calls ?? []) {
  // tool_calls can also hold custom tool calls (openai 6 and 7); the tools sent here are all function tools.
  if (call.type === 'function') messages.push((await openai.dispatch(registry, call)).message);
}
// #endregion openai
