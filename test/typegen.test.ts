import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

// A small tools project (test/fixtures/typegen) whose manifest `hermes-tools typegen` wrote, compiled three ways and
// run in a process of its own each, as an app would run: the registry must behave the same whether the compiler
// emitted decorator metadata or not.
const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
const CLI = path.join(ROOT, 'dist/src/cli/main.js');
const PROJECT = path.join(ROOT, 'test/fixtures/typegen');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

const run = async (file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [file, ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

interface Seen {
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON, read by path in the assertions
  readonly search: { description: string; modelDescription: string; inputSchema: Record<string, any> };
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON, read by path in the assertions
  readonly calls: Record<string, { ok: boolean; value?: any; error?: { code: string; message: string } }>;
  readonly conflict?: string;
}

let scratch: string;
const seen: Record<'tsc with metadata' | 'tsc without metadata' | 'esbuild', Seen> = {} as never;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(ROOT, 'build', 'typegen-'));
  const out = (way: string) => path.join(scratch, way);
  const tsc = (...args: string[]) => run(TSC, ['-p', path.join(PROJECT, 'tsconfig.json'), ...args]);
  const compiled = await Promise.all([
    tsc('--outDir', out('meta'), '--emitDecoratorMetadata'),
    tsc('--outDir', out('plain')),
  ]);
  for (const c of compiled) expect(c).toMatchObject({ code: 0 });
  const sources = readdirSync(path.join(PROJECT, 'src')).map((f) => path.join(PROJECT, 'src', f));
  await build({
    entryPoints: sources,
    outdir: out('esbuild'),
    format: 'esm',
    platform: 'node',
    tsconfig: path.join(PROJECT, 'tsconfig.json'),
    logLevel: 'silent',
  });
  const ways = [
    ['tsc with metadata', 'meta'],
    ['tsc without metadata', 'plain'],
    ['esbuild', 'esbuild'],
  ] as const;
  for (const [way, dir] of ways) {
    const result = await run(path.join(out(dir), 'main.js'), []);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    seen[way] = JSON.parse(result.stdout) as Seen;
  }
}, 300_000);

afterAll(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

describe.each(['tsc with metadata', 'tsc without metadata', 'esbuild'] as const)('compiled by %s', (way) => {
  it('refuses a value outside a literal union at the edge, naming the allowed values, and lists the enum', () => {
    const { search, calls } = seen[way];
    expect(search.inputSchema.properties.mode).toMatchObject({ type: 'string', enum: ['deep', 'fast'] });
    expect(search.inputSchema.properties.level).toMatchObject({ type: 'number', enum: [1, 2, 3] });
    expect(calls.sideways).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(calls.sideways!.error!.message).toContain('mode must be one of "deep", "fast", got "sideways"');
    expect(calls.sideways!.error!.message).toContain('level must be one of 1, 2, 3, got 7');
  });

  it('describes the tool and its arguments from the JSDoc', () => {
    const { search } = seen[way];
    expect(search.description).toBe('Searches the catalogue.');
    expect(search.inputSchema.properties.mode.description).toBe('How deep to search.');
    expect(search.inputSchema.properties.filter.properties.field.description).toBe('The field compared.');
    expect(search.modelDescription).toContain('{"mode":"fast","level":1}');
  });

  it('validates the properties of an interface parameter', () => {
    const { calls } = seen[way];
    expect(calls.filter).toMatchObject({ ok: true, value: { filter: { field: 'a', op: 'eq', tags: ['x'] } } });
    expect(calls.badFilter).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(calls.badFilter!.error!.message).toContain('filter.field must be a string');
    expect(calls.badFilter!.error!.message).toContain('filter.op must be one of "eq", "ne", got "lt"');
    expect(calls.badFilter!.error!.message).toContain('filter.tags must be an array');
  });

  it('makes optional parameters optional, nullable ones nullable, and keeps the decorator constraints', () => {
    const { search, calls } = seen[way];
    expect(search.inputSchema.required).toEqual(['mode', 'level']);
    expect(search.inputSchema.properties.label).toEqual({ type: ['string', 'null'], maxLength: 10, default: null });
    expect(search.inputSchema.properties.limit).toEqual({ type: 'number', default: 5 });
    expect(search.inputSchema.properties.weights).toMatchObject({ additionalProperties: { type: 'number' } });
    expect(search.inputSchema.properties.since).toEqual({ type: 'string', format: 'date-time' });
    expect(calls.fast).toMatchObject({
      ok: true,
      value: { label: null, limit: 5, filter: null, since: '2026-12-07T10:00:00.000Z', call: true },
    });
    expect(calls.nullLabel).toMatchObject({ ok: true, value: { label: null } });
    expect(calls.longLabel!.error!.message).toContain('label must be at most 10 characters long');
  });

  it('validates an @Input() DTO named by the manifest', () => {
    const { calls } = seen[way];
    expect(calls.note).toMatchObject({ ok: true, value: 'kept hello' });
    expect(calls.badNote).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('reads booleans, and a DTO-typed argument that admits null, of a class exported under another name', () => {
    const { calls } = seen[way];
    expect(calls.echoNull).toMatchObject({ ok: true, value: 'no note' });
    expect(calls.echoLoud).toMatchObject({ ok: true, value: 'HI' });
    expect(calls.echoBad!.error!.message).toContain('note.text must be a string');
    expect(calls.echoBad!.error!.message).toContain('loud must be a boolean');
    expect(calls.exact!.error!.message).toContain('exact must be a boolean');
    expect(calls.fast).toMatchObject({ ok: true, value: { exact: false } });
  });

  it('refuses a decorator type that is not within the TypeScript type', () => {
    expect(seen[way].conflict).toContain('ToolDefinitionError');
    expect(seen[way].conflict).toContain(
      "ConflictTool.execute @Arg('mode'): its declared type is a number, not a string, which its TypeScript type does not allow",
    );
  });
});

describe('hermes-tools typegen --check', () => {
  /** A copy of the project beside the repository's own packages (hermes-tools resolves to this package). */
  const copy = (name: string): string => {
    const dir = path.join(scratch, name);
    cpSync(PROJECT, dir, { recursive: true });
    return dir;
  };
  const check = (dir: string) => run(CLI, ['typegen', '--check', '--project', path.join(dir, 'tsconfig.json')]);

  it('passes on the committed manifest', async () => {
    const result = await check(PROJECT);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('up to date');
  }, 120_000);

  it('fails on a stale manifest, and typegen makes it fresh again', async () => {
    const dir = copy('stale');
    const tools = path.join(dir, 'src/tools.ts');
    writeFileSync(
      tools,
      readFileSync(tools, 'utf8').replace("mode: 'fast' | 'deep'", "mode: 'fast' | 'deep' | 'wide'"),
    );
    const stale = await check(dir);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('stale:');
    expect(await run(CLI, ['typegen', '--project', path.join(dir, 'tsconfig.json')])).toMatchObject({ code: 0 });
    expect(readFileSync(path.join(dir, 'src/tool-types.generated.ts'), 'utf8')).toContain('"wide"');
    expect(await check(dir)).toMatchObject({ code: 0 });
  }, 120_000);

  it('fails on a literal union or an object type that the decorators alone would widen, and on a DTO property no decorator restricts', async () => {
    const dir = copy('unused');
    rmSync(path.join(dir, 'src/main.ts'));
    const tools = path.join(dir, 'src/tools.ts');
    writeFileSync(
      tools,
      readFileSync(tools, 'utf8')
        .replace("@Arg('filter')", "@Arg('filter', { type: {} })")
        .replace("@IsIn(['low', 'high'])", '@IsString()'),
    );
    const result = await check(dir);
    const file = path.relative(ROOT, tools);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `widens: SearchTool.execute @Arg('mode') (${file}): its type is the literal union ["deep","fast"]`,
    );
    expect(result.stderr).toContain(`widens: SearchTool.execute @Arg('level') (${file})`);
    expect(result.stderr).toContain(
      `widens: NoteDto.priority (${file}): its type is the literal union ["high","low"], which none of its class-validator decorators checks`,
    );
    expect(result.stderr).toContain(
      `widens: SearchTool.execute @Arg('filter') (${file}): its type is Filter, an object with declared properties, and its @Arg type is an open object`,
    );
  }, 120_000);

  it('reports a type it cannot express by name, and writes nothing', async () => {
    const dir = copy('unreadable');
    writeFileSync(
      path.join(dir, 'src/odd.ts'),
      [
        "import { Arg, Tool } from 'hermes-tools';",
        'export class OddTool {',
        "  @Tool({ name: 'odd.run', description: 'Odd.' })",
        "  execute(@Arg('pick') pick: string | number, @Arg('run') run: () => void): string {",
        '    return String(pick) + String(run);',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const before = readFileSync(path.join(dir, 'src/tool-types.generated.ts'), 'utf8');
    const result = await run(CLI, ['typegen', '--project', path.join(dir, 'tsconfig.json')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("cannot read: OddTool.execute @Arg('pick'): the union string | number mixes kinds");
    expect(result.stderr).toContain("cannot read: OddTool.execute @Arg('run'): a function is not a JSON value");
    expect(readFileSync(path.join(dir, 'src/tool-types.generated.ts'), 'utf8')).toBe(before);
  }, 120_000);
});
