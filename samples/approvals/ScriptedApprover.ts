import { injectable } from 'inversify';
import type { ApprovalAnswer, ApprovalRequest, ToolApprover } from 'hermes-tools';

/**
 * Stands in for the person who approves destructive calls (a chat prompt, a ticket, a pager):
 * it says yes to the operator and no to anyone else, and remembers what it was asked.
 */
@injectable()
export class ScriptedApprover implements ToolApprover {
  readonly asked: string[] = [];

  approve({ tool, input, caller }: ApprovalRequest): ApprovalAnswer {
    const user = (caller as { user?: string } | undefined)?.user ?? 'someone';
    const yes = user === 'alice';
    this.asked.push(`${tool.name} ${JSON.stringify(input)} for ${user}: ${yes ? 'approved' : 'refused'}`);
    // The long answer names who decided, for the audit trail.
    return {
      approved: yes,
      by: 'the operator on call',
      ...(!yes && { reason: `${user} is not on call, so the operator said no` }),
    };
  }
}
