import { inject, injectable } from 'inversify';
import type { NextFunction, ToolContext, ToolInterceptor } from 'hermes-tools';
import { AppLogger } from './AppLogger.js';

/** Logs every call that got past the guard and validation, with its duration and how it ended. */
@injectable()
export class AuditInterceptor implements ToolInterceptor {
  constructor(@inject(AppLogger) private readonly logger: AppLogger) {}

  async intercept(_input: unknown, ctx: ToolContext, next: NextFunction): Promise<unknown> {
    const started = performance.now();
    try {
      const result = await next();
      this.logger.info('tool call', {
        tool: ctx.tool,
        callId: ctx.callId,
        ms: Math.round(performance.now() - started),
        ok: true,
      });
      return result;
    } catch (error) {
      this.logger.warn('tool call', {
        tool: ctx.tool,
        callId: ctx.callId,
        ms: Math.round(performance.now() - started),
        ok: false,
      });
      throw error;
    }
  }
}
