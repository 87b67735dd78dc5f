// The README's Anthropic Messages snippet (region checked word for word by readmeSnippets.test.ts),
// compiled against the @anthropic-ai/sdk types in the lock file and run against a scripted client.
import type Anthropic from '@anthropic-ai/sdk';
import { model, registry, scriptedAnthropic } from './scripted.js';

const claude = scriptedAnthropic();
export const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'What is on my todo list?' }];

// #region anthropic
import { toAnthropicTools } from 'hermes-tools/providers';

const anthropic = toAnthropicTools(registry.definitions());
const reply = await claude.messages.create({ model, max_tokens: 1024, messages, tools: anthropic.tools });
const uses = reply.content.filter((block) => block.type === 'tool_use');
const results = await Promise.all(uses.map(async (use) => (await anthropic.dispatch(registry, use)).message));
messages.push({ role: 'assistant', content: reply.content }, { role: 'user', content: results });
// #endregion anthropic
