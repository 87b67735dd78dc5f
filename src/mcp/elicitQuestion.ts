import type { Server } from '@modelcontextprotocol/server';
import type { AskFunction } from '../contracts/Question.js';
import { QuestionNotAnsweredError } from '../errors/QuestionNotAnsweredError.js';
import type { McpRequestExtra } from './McpServerOptions.js';

/**
 * How a tool's question (`ctx.ask`) reaches the person behind an MCP call. 2025: `elicitation/create` on the call's own
 * stream, to a client that declared elicitation. 2026-07-28: not yet: a Multi Round-Trip Request answers by re-running
 * the whole request, and a handler cannot resume in the middle, so the question ends unanswered with a reason that
 * says so (docs/mcp.md).
 */
export function elicitQuestion(server: Server, ctx: McpRequestExtra, era: 'legacy' | 'modern'): AskFunction {
  if (era === 'modern')
    return ({ tool, message }) => {
      throw new QuestionNotAnsweredError(
        tool,
        'cannot_ask',
        message,
        'a 2026-07-28 MCP client is not asked in the middle of a call yet; ask for what the tool needs as arguments',
      );
    };
  if (server.getClientCapabilities()?.elicitation === undefined)
    return ({ tool, message }) => {
      throw new QuestionNotAnsweredError(tool, 'cannot_ask', message, 'the MCP client did not declare elicitation');
    };
  // The SDK's own request timeout (60 s) would cut a person who takes longer: the question's limit is the one that counts.
  return ({ message, requestedSchema, signal, timeoutMs }) =>
    ctx.mcpReq.send(
      { method: 'elicitation/create', params: { message, requestedSchema: requestedSchema as never } },
      { signal, timeout: timeoutMs },
    ) as never;
}
