import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ApprovalRequest, ApproveFunction } from '../contracts/ToolApprover.js';
import type { McpRequestExtra } from './McpServerOptions.js';

const MAX_SUMMARY = 400;

/**
 * The approver an MCP server offers a call when `toolsModule({ approvals })` names none: it asks
 * the client's user through `elicitation/create` (tied to the call's request, so it travels on
 * the call's own stream): the tool, what it does, the input summarised, and a yes or no. Decline
 * and cancel are refusals. A client without the elicitation capability cannot be asked, and
 * its call is refused with a reason that says so.
 */
export function elicitApproval(server: Server, extra: McpRequestExtra): ApproveFunction {
  if (server.getClientCapabilities()?.elicitation === undefined) {
    return ({ tool }) =>
      `${tool.name} needs a person's approval, and this MCP client cannot ask for one (it does not support elicitation)`;
  }
  return async (request) => {
    const result = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: {
          message: describe(request),
          requestedSchema: {
            type: 'object',
            properties: { approve: { type: 'boolean', title: 'Allow this call?' } },
            required: ['approve'],
          },
        },
      },
      ElicitResultSchema,
      { signal: request.signal },
    );
    if (result.action === 'accept' && result.content?.approve === true) return true;
    return result.action === 'cancel' ? 'the user dismissed the request' : 'the user declined it';
  };
}

function describe({ tool, input }: ApprovalRequest): string {
  let summary = JSON.stringify(input) ?? 'nothing';
  if (summary.length > MAX_SUMMARY) summary = `${summary.slice(0, MAX_SUMMARY)}…`;
  const why = tool.approval?.reason === undefined ? '' : ` (${tool.approval.reason})`;
  return `Allow ${tool.name}${why}?\n${tool.description}\nWith: ${summary}`;
}
