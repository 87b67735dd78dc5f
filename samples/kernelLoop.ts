// `npm start`: the sample kernel loop, in a fresh temporary workspace.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runKernelLoop } from './runKernelLoop.js';

const workspace = await mkdtemp(path.join(tmpdir(), 'hermes-tools-sample-'));
try {
  await mkdir(path.join(workspace, 'notes'));
  await writeFile(path.join(workspace, 'notes', 'todo.md'), '- order two books\n- commit the notes\n');
  delete process.env.WEATHER_API_KEY;
  await runKernelLoop(workspace, (line) => console.log(line));
} finally {
  await rm(workspace, { recursive: true, force: true });
}
