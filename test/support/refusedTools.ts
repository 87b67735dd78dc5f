import { Permissions, Requires, RequiresApproval, Tool } from 'hermes-tools';

// Tools that each end in one refusal or fault, for tests that must see every outcome code.

@Tool({ name: 'gone', description: 'Needs a variable that is not set.' })
@Requires({ env: ['HERMES_TEST_NEVER_SET'] })
export class Gone {
  execute(): string {
    return 'x';
  }
}

@Tool({ name: 'denied', description: 'Needs a permission nobody has.' })
@Permissions('vault:open')
export class Denied {
  execute(): string {
    return 'x';
  }
}

@Tool({ name: 'asks', description: 'Needs an approval.' })
@RequiresApproval()
export class Asks {
  execute(): string {
    return 'x';
  }
}

@Tool({ name: 'slow', description: 'Never answers.', timeoutMs: 5 })
export class Slow {
  execute(): Promise<never> {
    return new Promise(() => undefined);
  }
}

@Tool({ name: 'bad.output', description: 'Returns the wrong thing.', output: { type: 'object' } })
export class BadOutput {
  execute(): number {
    return 4;
  }
}

/** The tool each case of the shared scenario calls, and the code it ends with: one of every outcome. */
export const EVERY_OUTCOME = [
  ['ok', 'ok'],
  ['nope', 'tool_not_found'],
  ['gone', 'tool_unavailable'],
  ['denied', 'permission_denied'],
  ['ok', 'invalid_input'],
  ['asks', 'approval_denied'],
  ['slow', 'timeout'],
  ['ok', 'aborted'],
  ['breaks', 'execution_failed'],
  ['bad.output', 'invalid_output'],
] as const;
