import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Ast from 'typescript/unstable/ast';
import type * as Sync from 'typescript/unstable/sync';
import { TypegenError } from './TypegenError.js';

/** The TypeScript version whose unstable API typegen is written against: the API may change in any release. */
export const TYPESCRIPT_RANGE = '7.0';

/** TypeScript 7's native compiler API, as typegen uses it. */
export interface TypeScriptApi {
  readonly version: string;
  readonly sync: typeof Sync;
  readonly ast: typeof Ast;
}

/**
 * Loads the `typescript` package of the project (else the one beside hermes-tools): the only module that touches
 * TypeScript's unstable API, so a change in it is mended here. A missing or other version fails with one line.
 */
export async function loadTypeScript(projectDir: string): Promise<TypeScriptApi> {
  const from = [join(projectDir, 'package.json'), import.meta.url];
  for (const base of from) {
    const require = createRequire(base);
    let manifest: string;
    try {
      manifest = require.resolve('typescript/package.json');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') continue;
      throw error;
    }
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    if (!version.startsWith(`${TYPESCRIPT_RANGE}.`))
      throw new TypegenError(
        `typegen needs typescript ${TYPESCRIPT_RANGE}.x (its unstable compiler API is pinned), found ${version}: npm install --save-dev typescript@~${TYPESCRIPT_RANGE}.2`,
      );
    const load = <T>(path: string) => import(pathToFileURL(require.resolve(path)).href) as Promise<T>;
    return {
      version,
      sync: await load<typeof Sync>('typescript/unstable/sync'),
      ast: await load<typeof Ast>('typescript/unstable/ast'),
    };
  }
  throw new TypegenError(
    `typegen needs the typescript package (${TYPESCRIPT_RANGE}.x): npm install --save-dev typescript@~${TYPESCRIPT_RANGE}.2`,
  );
}
