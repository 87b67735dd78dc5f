// A refused call's promise is rejected one microtask after it is returned: a handler attached at once (await,
// .catch) keeps Node's unhandled-rejection bookkeeping out of it, and a promise nobody handles is still reported.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { rejectLater } from '../../src/internal/rejectLater.js';

const MODULE = pathToFileURL(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/internal/rejectLater.js'),
).href;

describe('rejectLater', () => {
  it('rejects with the error it was given, after the caller has attached its handler', async () => {
    const error = new RangeError('refused');
    let settled = false;
    const refused = rejectLater(error).catch((reason: unknown) => {
      settled = true;
      return reason;
    });
    expect(settled).toBe(false);
    await expect(refused).resolves.toBe(error);
  });

  it('rejects only after a reaction queued at the same time has run: one microtask later, not at once', async () => {
    const order: string[] = [];
    const refused = rejectLater(new RangeError('late')).catch(() => void order.push('rejected'));
    const queued = Promise.resolve().then(() => void order.push('queued'));
    await Promise.all([refused, queued]);
    // Promise.reject would give ['rejected', 'queued']: rejected before its handler, with Node's bookkeeping.
    expect(order).toEqual(['queued', 'rejected']);
  });

  it('is reported when nobody handles it, and only then (in a plain process: jest takes unhandled rejections for itself)', async () => {
    const script = `
      process.on('unhandledRejection', (reason) => console.log('unhandled: ' + reason.message));
      process.on('rejectionHandled', () => console.log('handled late'));
      const { rejectLater } = await import(${JSON.stringify(MODULE)});
      await rejectLater(new RangeError('awaited')).catch((error) => console.log('caught: ' + error.message));
      rejectLater(new RangeError('nobody listens'));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    expect(stdout).toBe('caught: awaited\nunhandled: nobody listens\n');
  });
});
