import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');

/**
 * A project whose node_modules holds the built package (dist/src and package.json, copied, so that
 * it resolves its imports from this project) and every package of the repository's node_modules
 * but `missing` (linked). Removed by `dispose`.
 */
async function projectWithout(missing: readonly string[]): Promise<{
  dir: string;
  run(source: string): Promise<{ code: number; stderr: string; stdout: string }>;
  dispose(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hermes-missing-peer-'));
  try {
    const modules = path.join(dir, 'node_modules');
    const own = path.join(modules, 'hermes-tools');
    await mkdir(own, { recursive: true });
    await cp(path.join(ROOT, 'package.json'), path.join(own, 'package.json'));
    await cp(path.join(ROOT, 'dist/src'), path.join(own, 'dist/src'), { recursive: true });
    const source = await realpath(path.join(ROOT, 'node_modules'));
    for (const name of await readdir(source)) {
      if (name === 'hermes-tools' || name.startsWith('.') || missing.includes(name)) continue;
      if (!name.startsWith('@') || !missing.some((m) => m.startsWith(`${name}/`))) {
        await symlink(path.join(source, name), path.join(modules, name));
        continue;
      }
      await mkdir(path.join(modules, name));
      for (const inner of await readdir(path.join(source, name))) {
        if (!missing.includes(`${name}/${inner}`))
          await symlink(path.join(source, name, inner), path.join(modules, name, inner));
      }
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    dir,
    async run(source) {
      const file = path.join(dir, `consumer-${Math.random().toString(36).slice(2)}.mjs`);
      await writeFile(file, source);
      return new Promise((resolve) =>
        execFile(process.execPath, [file], { cwd: dir }, (error, stdout, stderr) =>
          resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
        ),
      );
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

describe('an optional peer that is not installed', () => {
  it.each([
    ['hermes-tools/queue', ['bullmq'], 'hermes-tools/queue needs the optional peer bullmq: npm install bullmq'],
    [
      'hermes-tools/queue',
      ['bullmq', 'ioredis'],
      'hermes-tools/queue needs the optional peers bullmq and ioredis: npm install bullmq ioredis',
    ],
    [
      'hermes-tools/otel',
      ['@opentelemetry/api'],
      'hermes-tools/otel needs the optional peer @opentelemetry/api: npm install @opentelemetry/api',
    ],
    [
      'hermes-tools/mcp',
      ['@modelcontextprotocol/client'],
      'hermes-tools/mcp needs the optional peer @modelcontextprotocol/client: npm install @modelcontextprotocol/client',
    ],
    [
      'hermes-tools/mcp',
      ['@modelcontextprotocol/server', '@modelcontextprotocol/node'],
      'hermes-tools/mcp needs the optional peers @modelcontextprotocol/server and @modelcontextprotocol/node: npm install @modelcontextprotocol/server @modelcontextprotocol/node',
    ],
    ['hermes-tools/ai', ['ai'], 'hermes-tools/ai needs the optional peer ai: npm install ai'],
  ])(
    'fails the import of %s without %j, with one line naming it and the install command',
    async (entry, missing, line) => {
      const project = await projectWithout(missing);
      try {
        const { code, stderr } = await project.run(`import '${entry}';\nconsole.log('loaded');\n`);
        expect(code).not.toBe(0);
        expect(stderr.split('\n')).toContain(`Error: ${line}`);
        expect(stderr).not.toContain('ERR_MODULE_NOT_FOUND');
      } finally {
        await project.dispose();
      }
    },
  );

  it("fails a Nest app's init when its MCP endpoint lacks @modelcontextprotocol/node, and an app without the endpoint starts", async () => {
    const project = await projectWithout(['@modelcontextprotocol/node']);
    const app = (mcp: string): string => `import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { HermesToolsModule } from 'hermes-tools/nest';
class AppModule {}
Module({ imports: [HermesToolsModule.forRoot(${mcp})] })(AppModule);
const app = await NestFactory.create(AppModule, { logger: false, abortOnError: false });
await app.init();
console.log('started');
await app.close();
`;
    try {
      const withEndpoint = await project.run(app('{ mcp: {} }'));
      expect(withEndpoint.stdout).not.toContain('started');
      expect(withEndpoint.code).not.toBe(0);
      expect(withEndpoint.stderr.split('\n')).toContain(
        'Error: hermes-tools/nest needs the optional peer @modelcontextprotocol/node for its mcp endpoint: npm install @modelcontextprotocol/node',
      );
      const without = await project.run(app('{}'));
      expect([without.code, without.stdout.trim()]).toEqual([0, 'started']);
    } finally {
      await project.dispose();
    }
  });

  it('with every peer installed, each ES module entry exports the values its require() entry (index.js) does', async () => {
    const project = await projectWithout([]);
    try {
      const { code, stdout, stderr } = await project.run(`import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const out = {};
for (const entry of ['hermes-tools/mcp', 'hermes-tools/queue', 'hermes-tools/otel', 'hermes-tools/ai', 'hermes-tools/nest']) {
  const imported = Object.keys(await import(entry)).sort();
  const required = Object.keys(require(entry)).filter((key) => key !== '__esModule' && key !== 'module.exports').sort();
  out[entry] = { imported, required };
}
console.log(JSON.stringify(out));
`);
      expect([code, stderr.includes('Error')]).toEqual([0, false]);
      const entries = JSON.parse(stdout) as Record<string, { imported: string[]; required: string[] }>;
      for (const [entry, { imported, required }] of Object.entries(entries)) {
        expect([entry, imported]).toEqual([entry, required]);
        expect(imported.length).toBeGreaterThan(0);
      }
    } finally {
      await project.dispose();
    }
  });
});
