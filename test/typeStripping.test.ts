import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { COMPILE_WITH_TSC, isTypeScriptFile, nodeStripsTypes } from '../src/tools/typeStripping.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
const CLI = path.join(ROOT, 'dist/src/cli/main.js');
const strips = nodeStripsTypes();

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe(`TypeScript run by Node itself (this Node ${process.version} ${strips ? 'strips' : 'does not strip'} types)`, () => {
  it('detects type stripping the way Node reports it', () => {
    const typescript = (process.features as { typescript?: unknown }).typescript;
    if (typescript !== undefined) expect(strips).toBe(typescript !== false);
    expect([
      isTypeScriptFile('tools.ts'),
      isTypeScriptFile('tools.mts'),
      isTypeScriptFile('file:///a/tools.cts'),
      isTypeScriptFile('tools.js'),
      isTypeScriptFile(undefined),
    ]).toEqual([true, true, true, false, false]);
  });

  it('the CLI says in one line to compile a decorated .ts module with tsc', async () => {
    const { code, stderr } = await run(CLI, '--module', 'test/fixtures/cliModule.ts', 'list');
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(
      strips ? COMPILE_WITH_TSC : 'compile it to JavaScript first (node cannot import TypeScript)',
    );
  });

  it('a .ts module without decorator syntax loads, and then the CLI says what it lacks', async () => {
    const { code, stderr } = await run(CLI, '--module', 'test/fixtures/noRegistry.ts', 'list');
    expect(code).toBe(2);
    expect(stderr).toMatch(strips ? /exports no registry/ : /compile it to JavaScript first/);
  });

  it('the registry build names type stripping when `node tools.ts` runs the tools, and the forms that need no metadata', async () => {
    // Under stripping the .ts file itself runs; elsewhere its tsc output (no decorator syntax, so no metadata either).
    const { code, stdout } = await run(
      strips ? 'test/fixtures/strippedTools.ts' : 'dist/test/fixtures/strippedTools.js',
    );
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Echo\.execute: has no design:paramtypes metadata, .*; or name every type, which needs no metadata and works under esbuild, tsx and vite whatever tsconfig\.json says: @Arg\('text', \{ type: String \}\) for #1 \(String, Number, Boolean, a DTO class or a JSON Schema as the type\)$/,
    );
    expect(lines[0]!.includes("this process runs TypeScript through Node's type stripping")).toBe(strips);
  });
});
