import { setTimeout as sleep } from 'node:timers/promises';
import { Arg, Ctx, Tool, type ToolContext } from 'hermes-tools';

/**
 * A long-running job: it reports progress after each step and stops as soon as the call is
 * cancelled (ctx.signal). The checks are simulated; the progress and cancellation are real.
 */
@Tool({
  name: 'jobs.run_checks',
  description:
    'Runs the project checks one by one and reports progress. Slow: cancel it if you no longer need the answer.',
  readOnly: true,
  timeoutMs: 120_000,
  output: {
    type: 'object',
    properties: { passed: { type: 'integer' }, total: { type: 'integer' } },
    required: ['passed', 'total'],
  },
})
export class RunChecks {
  async execute(
    @Arg('checks', { integer: true, minimum: 1, maximum: 100, default: 5, description: 'How many checks to run.' })
    checks: number,
    @Arg('stepMs', {
      integer: true,
      minimum: 0,
      maximum: 1000,
      default: 200,
      description: 'How long each check takes, in milliseconds.',
    })
    stepMs: number,
    @Ctx() ctx: ToolContext,
  ): Promise<{ passed: number; total: number }> {
    for (let done = 0; done < checks; done++) {
      await sleep(stepMs, undefined, { signal: ctx.signal });
      ctx.progress(done + 1, checks, `check ${done + 1} of ${checks} passed`);
    }
    return { passed: checks, total: checks };
  }
}
