// The module the CLI loads when no --module is given: the sample toolsets, in a workspace kept in
// the system's temp folder (or $HERMES_WORKSPACE), seeded with a note on first use.
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Container } from 'inversify';
import { createSampleContainer } from './createSampleContainer.js';

export default async function sampleContainer(): Promise<Container> {
  const workspace = process.env.HERMES_WORKSPACE ?? path.join(tmpdir(), 'hermes-tools-samples');
  await mkdir(path.join(workspace, 'notes'), { recursive: true });
  await writeFile(path.join(workspace, 'notes', 'todo.md'), '- order two books\n- commit the notes\n', {
    flag: 'wx',
  }).catch((error: unknown) => {
    // Already there from an earlier run (the 'wx' flag): kept as the user left it. Anything else is a real failure.
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  });
  return createSampleContainer(workspace);
}
