import { injectable } from 'inversify';
import type { ApprovalRequest, ToolApprover } from 'hermes-tools';

/**
 * Stands in for the person who approves destructive calls (a chat prompt, a ticket, a pager):
 * it says yes to the operator and no to anyone else, and remembers what it was asked.
 */
@injectable()
export class ScriptedApprover implements ToolApprover {
  readonly asked: string[] = [];

  approve({ tool, input, caller }: ApprovalRequest): boolean | string {
    const user = (caller as { user?: string } | undefined)?.user ?? 'someone';
    const yes = user === 'alice';
    this.asked.push(`${tool.name} ${JSON.stringify(input)} for ${user}: ${yes ? 'approved' : 'refused'}`);
    return yes || `${user} is not on call, so the operator said no`;
  }
}
