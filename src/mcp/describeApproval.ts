import type { ApprovalRequest } from '../contracts/ToolApprover.js';

const MAX_SUMMARY = 400;

/** The form an MCP client shows to ask for an approval: one yes or no. */
export const APPROVAL_SCHEMA: {
  type: 'object';
  properties: { approve: { type: 'boolean'; title: string } };
  required: string[];
} = {
  type: 'object',
  properties: { approve: { type: 'boolean', title: 'Allow this call?' } },
  required: ['approve'],
};

/** What a person is asked: the tool, why it needs approval, what it does, and its input summarised. */
export function describeApproval({ tool, input }: ApprovalRequest): string {
  let summary = JSON.stringify(input) ?? 'nothing';
  if (summary.length > MAX_SUMMARY) summary = `${summary.slice(0, MAX_SUMMARY)}…`;
  const why = tool.approval?.reason === undefined ? '' : ` (${tool.approval.reason})`;
  return `Allow ${tool.name}${why}?\n${tool.description}\nWith: ${summary}`;
}

/** The refusal of a call that needs approval when the MCP client cannot ask (it declared no elicitation). */
export function cannotAsk(toolName: string): string {
  return `${toolName} needs a person's approval, and this MCP client cannot ask for one (it does not support elicitation)`;
}
