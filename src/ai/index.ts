/**
 * hermes-tools/ai: a ToolRegistry as a Vercel AI SDK `ToolSet` (AI SDK 6, the major that runs on
 * Node 20; `ai` is an optional peer dependency loaded only by this entry point).
 *
 * @module hermes-tools/ai
 */
export { toAiSdkTools, type AiSdkToolsOptions } from './toAiSdkTools.js';
