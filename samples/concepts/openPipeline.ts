// The README's "Guards", "Caller permissions", "Approvals" and "The call channel" snippets are the
// regions of this file (test/readmeSnippets.test.ts checks they match), so each one compiles and runs.
import 'reflect-metadata';
import { AsyncLocalStorage } from 'node:async_hooks';
import { tracingChannel } from 'node:diagnostics_channel';
import { Container, injectable } from 'inversify';
import {
  Arg,
  CALL_CHANNEL,
  PermissionSet,
  Permissions,
  RequiresApproval,
  Tool,
  ToolRegistry,
  toolset,
  toolsModule,
  UseGuards,
  type CallMessage,
  type GuardRequest,
  type ToolGuard,
} from 'hermes-tools';

type Caller = { user: string; team: string };

// #region guards
@injectable()
class TeamDirectory {
  private readonly leads = new Set(['ann']);
  isLead(user: string): boolean {
    return this.leads.has(user);
  }
}

/** A guard class is resolved from the container, so it can inject services. */
@injectable()
class LeadsOnly implements ToolGuard {
  constructor(private readonly directory: TeamDirectory) {}
  canActivate({ caller }: GuardRequest): boolean | string {
    return this.directory.isLead((caller as Caller).user) || 'only team leads may close a sprint';
  }
}

@Tool({ name: 'sprint.close', description: 'Close the current sprint.' })
@Permissions('sprint:write')
@UseGuards(LeadsOnly)
class CloseSprint {
  execute(@Arg('sprint') sprint: string): string {
    return `closed ${sprint}`;
  }
}
// #endregion guards

@Tool({ name: 'sprint.show', description: 'Show the current sprint.', readOnly: true })
@Permissions('sprint:read')
class ShowSprint {
  execute(): string {
    return 'sprint 42: 7 stories';
  }
}

// #region approvals
@Tool({ name: 'sprint.delete', description: 'Delete a sprint and its stories.', destructive: true })
@Permissions('sprint:write')
class DeleteSprint {
  execute(@Arg('sprint') sprint: string): string {
    return `deleted ${sprint}`;
  }
}

@Tool({ name: 'mail.team', description: 'Email the whole team.' })
@RequiresApproval('it emails everyone on the team')
class MailTeam {
  execute(@Arg('text') text: string): string {
    return `sent: ${text}`;
  }
}

const approvals = toolsModule({
  approvals: {
    // Destructive tools and @RequiresApproval ones wait for this answer; a string is a refusal's reason.
    approve: async ({ tool, input, caller }) =>
      (caller as Caller).user === 'ann' || `${tool.name} ${JSON.stringify(input)} needs a lead's yes`,
    timeoutMs: 60_000,
  },
});
// #endregion approvals

const container = new Container();
container.bind(TeamDirectory).toSelf().inSingletonScope();
await container.load(
  approvals,
  toolset({
    name: 'sprints',
    tools: [ShowSprint, CloseSprint, DeleteSprint, MailTeam],
    granted: PermissionSet.none().grant('sprint:*'),
  }),
);
const registry = container.get(ToolRegistry);

// #region callers
// One registry serves every caller; each gets a view of what it may use.
const ann = await registry.forCaller({
  caller: { user: 'ann', team: 'core' },
  permissions: PermissionSet.none().grant('sprint:*'),
});
const bob = await registry.forCaller({
  caller: { user: 'bob', team: 'core' },
  permissions: PermissionSet.none().grant('sprint:read'),
});

console.log(ann.list().map((t) => t.name)); // [ 'sprint.show', 'sprint.close', 'sprint.delete', 'mail.team', 'results.read' ]
console.log(bob.list().map((t) => t.name)); // [ 'sprint.show', 'mail.team', 'results.read' ]
console.log((await bob.dispatch('sprint.close', { sprint: '42' })).ok); // false: permission_denied, and audit sees the attempt
// #endregion callers

// #region channel
// Every call, refused ones too, is published on a diagnostics_channel TracingChannel.
const spans = new AsyncLocalStorage<{ traceId: string }>();
const calls = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
calls.start.bindStore(spans, (message) => ({ traceId: (message as CallMessage).callId })); // active inside the tool
const onEnd = (m: CallMessage) => console.log(`${m.tool} ${m.code} ${m.durationMs?.toFixed(1)} ms`);
calls.asyncEnd.subscribe(onEnd as (message: unknown) => void);
// #endregion channel

console.log(await ann.dispatch('sprint.delete', { sprint: '41' })); // approved: ann is a lead
console.log(await bob.dispatch('mail.team', { text: 'hello' })); // approval_denied, with the approver's reason
calls.asyncEnd.unsubscribe(onEnd as (message: unknown) => void);
calls.start.unbindStore(spans);
