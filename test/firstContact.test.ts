// First contact with a definition mistake: what Node prints for an uncaught ToolDefinitionError, and the message a
// DTO loaded before reflect-metadata gets. Each case runs a fixture in a process of its own, against the built package.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ToolDefinitionError } from 'hermes-tools';

/** `node <fixture>` (built by `npm run compile`, importing the built package), its exit code and what it printed. */
async function runFixture(name: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [fixture]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('a ToolDefinitionError as a newcomer first meets it', () => {
  it('prints each problem once when it is left uncaught: its message lists them, then its code; problems and details stay readable', async () => {
    const { code, stderr } = await runFixture('uncaughtDefinitionError.js');
    expect(code).toBe(1);
    const problems = [
      'BadName.execute: tool name "9 bad name" must match',
      'NoDescription.execute: @Tool needs a description, which is what the model reads to choose the tool',
    ];
    expect(problems.map((problem) => stderr.split(problem).length - 1)).toEqual([1, 1]);
    expect(stderr).toContain(
      'ToolDefinitionError: hermes-tools found 2 problems in the tool definitions:\n- BadName.execute',
    );
    expect(stderr).toMatch(/code: 'invalid_definition',\s+retryable: false/);
    const error = new ToolDefinitionError([
      { where: 'T.execute', code: 'missing_name', message: '@Tool needs a name' },
    ]);
    expect([error.problems, error.details]).toEqual([
      ['T.execute: @Tool needs a name'],
      [{ where: 'T.execute', code: 'missing_name', message: '@Tool needs a name' }],
    ]);
  });

  it("names the load order when a DTO's module ran before reflect-metadata, and builds once reflect-metadata is imported first", async () => {
    const early = await runFixture('loadOrder.js');
    expect(early.stdout.trim()).toBe(
      "AddNote.execute parameter #1: NoteInput: has no design:type metadata on any property, though this program emits it: its module was loaded before reflect-metadata, which drops them. Import 'reflect-metadata' first, before any decorated class is loaded (the first import of the entry file)",
    );
    const fixed = await runFixture('loadOrderFixed.js');
    expect(fixed.stdout.trim()).toBe('built');
  });
});
