/**
 * Whether this Node runs `.ts` files by stripping their types: on by default from Node 22.18 and
 * 23.6, and with `--experimental-strip-types` (or `--experimental-transform-types`) from 22.6.
 * Stripped code keeps no decorator metadata, and V8 cannot parse TypeScript's decorators at all.
 */
export function nodeStripsTypes(): boolean {
  const typescript = (process.features as { typescript?: unknown }).typescript;
  if (typescript !== undefined) return typescript !== false;
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return flags.some((flag) => flag === '--experimental-strip-types' || flag === '--experimental-transform-types');
}

/** Whether a file name or URL names a TypeScript module (`.ts`, `.mts`, `.cts`, `.tsx`). */
export function isTypeScriptFile(file: string | undefined): boolean {
  return file !== undefined && /\.(c|m)?tsx?$/.test(file);
}

/** Whether this process runs a TypeScript entry point through Node's type stripping (`node tools.ts`). */
export function runsStrippedTypeScript(): boolean {
  return nodeStripsTypes() && isTypeScriptFile(process.argv[1]);
}

/** The one line that says what to do with a TypeScript module Node cannot run with its decorators. */
export const COMPILE_WITH_TSC =
  'compile it to JavaScript first with tsc ("experimentalDecorators" and "emitDecoratorMetadata" on) and run the .js: Node strips TypeScript types but cannot run its decorators nor emit their metadata';
