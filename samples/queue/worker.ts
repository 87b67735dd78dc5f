// The module `hermes-tools worker --module` loads in `npm run start:queue` (runWorker.ts starts the same worker in
// code).
import { PermissionSet, toolset } from 'hermes-tools';
import { Container } from 'inversify';
import { BuildReport } from './BuildReport.js';

/** The worker's own container: the same tool classes as the agent's queuedToolset, with their services. */
export async function container(): Promise<Container> {
  const c = new Container();
  await c.load(
    toolset({ name: 'reports', tools: [BuildReport], granted: PermissionSet.none().grant('reports:build') }),
  );
  return c;
}
