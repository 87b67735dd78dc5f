import type { Server } from '@modelcontextprotocol/server';
import type { AskFunction } from '../contracts/Question.js';
import { QuestionNotAnsweredError } from '../errors/QuestionNotAnsweredError.js';
import type { McpRequestExtra } from './McpServerOptions.js';

/**
 * How a tool's question (`ctx.ask`) reaches the person behind a 2025-era MCP call: `elicitation/create` on the call's
 * own stream, to a client that declared elicitation. The 2026 era asks through the call's input rounds instead.
 */
export function elicitQuestion(server: Server, ctx: McpRequestExtra): AskFunction {
  const capabilities = server.getClientCapabilities();
  if (capabilities?.elicitation === undefined)
    return ({ tool, message }) => {
      throw new QuestionNotAnsweredError(
        tool,
        'cannot_ask',
        message,
        capabilities === undefined
          ? 'this request came without a session (stateless), and a question needs one to come back on'
          : 'the MCP client did not declare elicitation',
      );
    };
  // The SDK's own request timeout (60 s) would cut a person who takes longer: the question's limit is the one that counts.
  return ({ message, requestedSchema, signal, timeoutMs }) =>
    ctx.mcpReq.send(
      { method: 'elicitation/create', params: { message, requestedSchema: requestedSchema as never } },
      { signal, timeout: timeoutMs },
    ) as never;
}
