import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { loadTypeScript } from './loadTypeScript.js';
import { readProject } from './readProject.js';
import { renderManifest } from './renderManifest.js';
import { TypegenError } from './TypegenError.js';

/** Options of `hermes-tools typegen`. */
export interface TypegenOptions {
  /** The tsconfig.json of the project whose tools are read. */
  readonly project: string;
  /** The module to write; by default `src/tool-types.generated.ts` beside tsconfig.json. */
  readonly out?: string;
  /** Write nothing: say whether the module on disk is what typegen would write, and whether types widen silently. */
  readonly check?: boolean;
  /** Where the module imports `typeManifest` from; `hermes-tools`. */
  readonly importFrom?: string;
}

/** What a run found: `ok` is false when the run must fail (a problem, a stale manifest, a silent widening). */
export interface TypegenReport {
  readonly ok: boolean;
  readonly out: string;
  readonly handlers: number;
  /** One line each, for the terminal. */
  readonly lines: readonly string[];
}

/**
 * Reads the TypeScript types of a project's tools with TypeScript 7's compiler and writes the manifest module that
 * `toolsModule({ types })` takes; with `check`, writes nothing and fails when the module is stale or missing, or,
 * when no file of the project imports it, when a parameter's type is wider in the decorators' schema than in
 * TypeScript.
 */
export async function typegen(options: TypegenOptions): Promise<TypegenReport> {
  const given = resolve(options.project);
  // A folder stands for its tsconfig.json, as with tsc -p.
  const project = existsSync(given) && statSync(given).isDirectory() ? resolve(given, 'tsconfig.json') : given;
  if (!existsSync(project)) throw new TypegenError(`no tsconfig at ${project}; pass --project <tsconfig.json>`);
  const root = dirname(project);
  const out = resolve(root, options.out ?? 'src/tool-types.generated.ts');
  const ts = await loadTypeScript(root);
  const api = new ts.sync.API({ cwd: root });
  try {
    const snapshot = api.updateSnapshot({ openProject: project });
    const opened = snapshot.getProjects()[0];
    if (opened === undefined) throw new TypegenError(`TypeScript opened no project from ${project}`);
    const config = opened.program.getConfigFileParsingDiagnostics();
    if (config.length > 0)
      throw new TypegenError(
        `${relative(process.cwd(), project) || project} is not a usable tsconfig: ${config
          .slice(0, 3)
          .map((d) => `TS${d.code} ${d.text}`)
          .join('; ')}`,
      );
    const reading = readProject(ts, opened.program, opened.checker);
    const lines = reading.problems.map((p) => `cannot read: ${p}`);
    const text = renderManifest(reading.handlers, {
      out,
      root,
      typescript: ts.version,
      importFrom: options.importFrom ?? 'hermes-tools',
    });
    let ok = reading.problems.length === 0;
    const shown = relative(process.cwd(), out) || out;
    const handlers = `${reading.handlers.length} ${reading.handlers.length === 1 ? 'handler' : 'handlers'}`;
    const current = existsSync(out) ? readFileSync(out, 'utf8') : undefined;
    if (options.check === true) {
      if (current === undefined) {
        ok = false;
        lines.push(`missing: ${shown}; run hermes-tools typegen`);
      } else if (comparable(current) !== comparable(text)) {
        ok = false;
        lines.push(`stale: ${shown} is not what the types say now; run hermes-tools typegen`);
      }
      if (reading.dtoWidenings.length > 0) {
        ok = false;
        lines.push(...reading.dtoWidenings.map((w) => `widens: ${w}`));
      }
      if (reading.importers(out).length === 0 && reading.widenings.length > 0) {
        ok = false;
        lines.push(...reading.widenings.map((w) => `widens: ${w}; give the manifest to toolsModule({ types })`));
      }
      if (ok) lines.push(`up to date: ${shown} (${handlers})`);
    } else if (ok) {
      // An unchanged module is left as it is, so that a watcher does not rebuild for nothing.
      if (current === undefined || comparable(current) !== comparable(text)) {
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, text);
        lines.push(`wrote ${shown} (${handlers})`);
      } else lines.push(`unchanged: ${shown} (${handlers})`);
    }
    return { ok, out, handlers: reading.handlers.length, lines };
  } finally {
    api.close();
  }
}

/**
 * The text `--check` compares: line endings as a checkout may rewrite them, and without the TypeScript version, which a
 * patch release changes without changing what the types say.
 */
function comparable(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(/^ {2}typescript: .*$/m, '');
}
