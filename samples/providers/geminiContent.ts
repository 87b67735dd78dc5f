// The README's Gemini snippet (region checked word for word by readmeSnippets.test.ts), compiled
// against the @google/genai types in the lock file and run against a scripted client.
import type { Content } from '@google/genai';
import { model, registry, scriptedGemini } from './scripted.js';

const ai = scriptedGemini();
export const contents: Content[] = [{ role: 'user', parts: [{ text: 'What is on my todo list?' }] }];

// #region gemini
import { toGeminiTools } from 'hermes-tools/providers';

const gemini = toGeminiTools(registry.definitions());
const response = await ai.models.generateContent({ model, contents, config: { tools: gemini.tools } });
const parts = await Promise.all(
  (response.functionCalls ?? []).map(async (call) => (await gemini.dispatch(registry, call)).message),
);
contents.push(response.candidates![0]!.content!, { role: 'user', parts });
// #endregion gemini
