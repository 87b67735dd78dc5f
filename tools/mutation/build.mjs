// The mutation run's build (stryker.config.mjs `buildCommand`, in Stryker's sandbox), never `npm test`'s: our own
// tsc compiles the instrumented sources into build/, as `npm run compile` does, then the libraries that every test
// file loads are bundled into one ES module each, in build/mutation-deps/, for the jest `moduleNameMapper` of the
// mutation run. Jest gives each test file its own module registry, so each file of each mutant's run loads
// them afresh: class-validator as some two hundred CommonJS files and inversify as some hundred ES modules, each
// resolved and compiled on its own, a fifth of a second per test file. One file each takes a tenth of that.
// The code bundled is the libraries' own: class-validator and class-transformer from their ES2015 builds (the
// same sources as the CommonJS ones), class-transformer's metadata storage from the same bundle as its API, so
// that src/schema/dto/readDtoModel.ts reads the storage the decorators write.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// Resolved from here up: the sandbox gets its node_modules link only after the build.
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
const out = join(root, 'build', 'mutation-deps');
const entries = join(out, 'entries');
mkdirSync(entries, { recursive: true });

/** Bundle name → the entry's source: what the bundle exports. */
const bundles = {
  'class-validator': `export * from 'class-validator/esm2015/index.js';\n`,
  'class-transformer': `export * from 'class-transformer/esm2015/index.js';\nexport { defaultMetadataStorage } from 'class-transformer/esm2015/storage.js';\n`,
  inversify: `export * from 'inversify';\n`,
};

for (const [name, source] of Object.entries(bundles)) {
  const entry = join(entries, `${name}.mjs`);
  writeFileSync(entry, source);
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: join(out, `${name}.mjs`),
    // One copy of reflect-metadata per test file, shared with the test's own import of it.
    external: ['reflect-metadata', 'reflect-metadata/*'],
    logLevel: 'warning',
  });
}

