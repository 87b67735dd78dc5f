import type { Server } from '@modelcontextprotocol/server';
import type { ApproveFunction } from '../contracts/ToolApprover.js';
import { APPROVAL_SCHEMA, cannotAsk, describeApproval } from './describeApproval.js';
import type { McpRequestExtra } from './McpServerOptions.js';

/** The longest delay a Node timer takes. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The approver an MCP server offers a 2025-era call when `toolsModule({ approvals })` names none: it asks
 * the client's user through `elicitation/create` (tied to the call's request, so it travels on
 * the call's own stream): the tool, what it does, the input summarised, and a yes or no. Decline
 * and cancel are refusals. A client without the elicitation capability cannot be asked, and
 * its call is refused with a reason that says so. The 2026 era asks through {@link InputRounds} instead.
 */
export function elicitApproval(server: Server, ctx: McpRequestExtra): ApproveFunction {
  if (server.getClientCapabilities()?.elicitation === undefined) {
    return ({ tool }) => cannotAsk(tool.name);
  }
  return async (request) => {
    const result = await ctx.mcpReq.send(
      {
        method: 'elicitation/create',
        params: { message: describeApproval(request), requestedSchema: APPROVAL_SCHEMA },
      },
      // The approval's own limit ends the wait (through the signal); the SDK's default request timeout (60 s) must not
      // cut a person who takes longer.
      { signal: request.signal, timeout: MAX_TIMER_MS },
    );
    if (result.action === 'accept' && result.content?.approve === true) return true;
    return result.action === 'cancel' ? 'the user dismissed the request' : 'the user declined it';
  };
}
