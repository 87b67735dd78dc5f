// Preloaded into a bench server by httpCpu.ts (`node --import .../cpuOnSignal.js server.js`): SIGUSR2 starts counting the
// process's CPU time (and, with PROF_OUT set, a CPU profile of the load only, without start-up), SIGINT writes both and
// exits. A server's CPU time per request reads the same work under a host's load better than its requests per second do.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

let start: NodeJS.CpuUsage | undefined;
let session: Session | undefined;
process.on('SIGUSR2', () => {
  void (async () => {
    if (process.env.PROF_OUT !== undefined) {
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    start = process.cpuUsage();
    process.stderr.write('START\n');
  })();
});
process.on('SIGINT', () => {
  void (async () => {
    const used = process.cpuUsage(start);
    if (session !== undefined && process.env.PROF_OUT !== undefined) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(process.env.PROF_OUT, JSON.stringify(profile));
    }
    process.stderr.write(`CPU ${used.user + used.system}\n`);
    process.exit(0);
  })();
});
