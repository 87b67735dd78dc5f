import path from 'node:path';
import { Container } from 'inversify';
import { PermissionSet, toolset, toolsModule } from 'hermes-tools';
import { ScriptedApprover } from './approvals/ScriptedApprover.js';
import { AppLogger } from './audit/AppLogger.js';
import { AUDIT_FILE, JsonLinesAuditSink } from './audit/JsonLinesAuditSink.js';
import { AuditInterceptor } from './audit/AuditInterceptor.js';
import { ListFiles } from './filesystem/ListFiles.js';
import { ReadFile } from './filesystem/ReadFile.js';
import { Sandbox } from './filesystem/Sandbox.js';
import { WriteFile } from './filesystem/WriteFile.js';
import { GitTools } from './git/GitTools.js';
import { Repository } from './git/Repository.js';
import { RunChecks } from './jobs/RunChecks.js';
import { CreateOrder } from './orders/CreateOrder.js';
import { Weather } from './weather/Weather.js';

/** The samples' composition root: the app's own services, then the toolsets and their grants. */
export async function createSampleContainer(workspace: string): Promise<Container> {
  const container = new Container();
  const logger = new AppLogger();
  container.bind(AppLogger).toConstantValue(logger);
  container.bind(Sandbox).toConstantValue(new Sandbox(workspace));
  container.bind(Repository).toSelf().inSingletonScope();
  container.bind(ScriptedApprover).toSelf().inSingletonScope();
  // One JSON line per call, refused ones included, in the workspace's audit.jsonl.
  container.bind(AUDIT_FILE).toConstantValue(path.join(workspace, 'audit.jsonl'));
  await container.load(
    // Destructive tools (fs.write, git.reset) wait for a person's yes; ScriptedApprover plays that person.
    toolsModule({
      interceptors: [AuditInterceptor],
      timeoutMs: 5_000,
      logger,
      approvals: { approve: ScriptedApprover },
      audit: JsonLinesAuditSink,
    }),
    // fs.write is declared but not granted here: the kernel loop shows the denial.
    toolset({
      name: 'filesystem',
      tools: [ReadFile, ListFiles, WriteFile],
      granted: PermissionSet.none().grant('fs:read'),
    }),
    toolset({ name: 'orders', tools: [CreateOrder], granted: PermissionSet.none().grant('orders:write') }),
    toolset({ name: 'git', tools: [GitTools], granted: PermissionSet.none().grant('git:*') }),
    toolset({ name: 'jobs', tools: [RunChecks] }),
    toolset({ name: 'weather', tools: [Weather], granted: PermissionSet.none().grant('net:http') }),
  );
  return container;
}
