// `npm start`: the sample kernel loop, in a fresh temporary workspace. `npm start -- --schemas` shows each
// tool's JSON Schema in the catalogue too.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runKernelLoop } from './runKernelLoop.js';

const schemas = process.argv.includes('--schemas');
const more = schemas ? '' : ' (npm start -- --schemas shows each JSON Schema too.)';
console.log(`hermes-tools sample: an agent loop, with a scripted model in place of an LLM (no network, no API key).
It shows what a kernel meets: the catalogue of tools the model is shown, then each call and its outcome
(a success, an invalid input with every issue listed, a missing permission, an unknown name, a tool that
is unavailable until it is configured), two callers who see different tools, a destructive call that
waits for a person's approval, and the audit trail.${more}
`);
const workspace = await mkdtemp(path.join(tmpdir(), 'hermes-tools-sample-'));
try {
  await mkdir(path.join(workspace, 'notes'));
  await writeFile(path.join(workspace, 'notes', 'todo.md'), '- order two books\n- commit the notes\n');
  delete process.env.WEATHER_API_KEY;
  await runKernelLoop(workspace, (line) => console.log(line), { schemas });
} finally {
  await rm(workspace, { recursive: true, force: true });
}
console.log(`
Next:
    samples/runKernelLoop.ts   this loop; samples/filesystem, orders and git hold the tools it called
    README.md, Quickstart      declare a tool of your own, then call it
    npm run cli -- list        the same tools from the command line (then call, schema, serve: see --help)`);
