/**
 * hermes-tools/providers: tool definitions in the formats of model providers' function-calling APIs,
 * each fitted to that provider's rules with a report of what changed, and the way back from a tool
 * call to `dispatch` and a tool-result message. Pure functions: no provider SDK is loaded.
 *
 * @module hermes-tools/providers
 */
export { toOpenAITools } from './toOpenAITools.js';
export type {
  OpenAIToolsOptions,
  OpenAIChatTools,
  OpenAIResponsesTools,
  OpenAIChatTool,
  OpenAIChatToolCall,
  OpenAIChatToolMessage,
  OpenAIResponsesTool,
  OpenAIResponsesToolCall,
  OpenAIResponsesToolOutput,
  OpenAIResponsesOutputItem,
} from './toOpenAITools.js';
export {
  toAnthropicTools,
  type AnthropicTools,
  type AnthropicTool,
  type AnthropicToolUse,
  type AnthropicToolResult,
  type AnthropicResultBlock,
} from './toAnthropicTools.js';
export {
  toGeminiTools,
  type GeminiTools,
  type GeminiTool,
  type GeminiFunctionDeclaration,
  type GeminiFunctionCall,
  type GeminiFunctionResponsePart,
} from './toGeminiTools.js';
export { type GeminiSchema, GeminiType } from './toGeminiSchema.js';
export type { ProviderTools } from './ProviderTools.js';
export type { ProviderToolResult } from './ProviderToolResult.js';
export type { ToolConversionReport } from './ToolConversionReport.js';
