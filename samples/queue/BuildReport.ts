import { Arg, Ctx, Tool, type ToolContext } from 'hermes-tools';

/**
 * A slow tool, for a worker process: it builds a report section by section, reporting progress, and stops when
 * cancelled.
 */
@Tool({
  name: 'reports.build',
  description: 'Builds a report on a topic, one section at a time (slow: about half a second per section).',
  idempotent: true,
})
export class BuildReport {
  async execute(
    @Arg('topic', { minLength: 1, maxLength: 200 }) topic: string,
    @Arg('sections', { integer: true, minimum: 1, maximum: 20 }) sections: number,
    @Ctx() ctx: ToolContext,
  ) {
    for (let done = 1; done <= sections; done++) {
      // Stands for real work (a query, a render): here, a pause that the call's signal cuts short.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, 500);
        ctx.signal.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('cancelled'))), {
          once: true,
        });
      });
      ctx.progress(done, sections, `section ${done} of "${topic}"`);
    }
    return { topic, sections, builtBy: `worker process ${process.pid}` };
  }
}
