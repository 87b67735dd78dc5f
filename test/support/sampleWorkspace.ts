import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Container } from 'inversify';
import { ToolRegistry } from 'hermes-tools';
import { createSampleContainer } from '../../samples/createSampleContainer.js';

/** A fresh temporary workspace with one note, and the sample container on it. */
export async function sampleWorkspace(): Promise<{
  workspace: string;
  container: Container;
  registry: ToolRegistry;
  dispose(): Promise<void>;
}> {
  const workspace = await mkdtemp(path.join(tmpdir(), 'hermes-tools-test-'));
  await mkdir(path.join(workspace, 'notes'));
  await writeFile(path.join(workspace, 'notes', 'todo.md'), '- one\n');
  const container = await createSampleContainer(workspace);
  return {
    workspace,
    container,
    registry: container.get(ToolRegistry),
    dispose: () => rm(workspace, { recursive: true, force: true }),
  };
}
