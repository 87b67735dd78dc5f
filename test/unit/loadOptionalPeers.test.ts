// loadOptionalPeers' rule, with a loader that fails as Node's import does (test/missingPeers.test.ts runs each entry
// point without its peers in a child process, where the real import fails).
import { loadOptionalPeers } from '../../src/errors/loadOptionalPeers.js';

/** Node's error for a package that is not installed. */
const notInstalled = (name: string) =>
  Object.assign(new Error(`Cannot find package '${name}' imported from /app/node_modules/hermes-tools/x.js`), {
    code: 'ERR_MODULE_NOT_FOUND',
  });

/** A loader for which the packages in `missing` are not installed, and the rest load. */
const loader = (...missing: string[]) => {
  const loaded: string[] = [];
  const load = async (specifier: string): Promise<unknown> => {
    const name = missing.find((m) => specifier === m || specifier.startsWith(`${m}/`));
    if (name !== undefined) throw notInstalled(name);
    loaded.push(specifier);
    return {};
  };
  return { load, loaded };
};

describe('loadOptionalPeers', () => {
  it('resolves when every peer loads, having loaded each by its own specifier', async () => {
    const { load, loaded } = loader();
    const peers = { inversify: 'inversify', '@modelcontextprotocol/sdk': '@modelcontextprotocol/sdk/types.js' };
    await expect(loadOptionalPeers('hermes-tools/x', peers, undefined, load)).resolves.toBeUndefined();
    expect(loaded).toEqual(['inversify', '@modelcontextprotocol/sdk/types.js']);
  });

  it('resolves with the real import when the peers are installed', async () => {
    await expect(loadOptionalPeers('hermes-tools/x', { inversify: 'inversify' })).resolves.toBeUndefined();
  });

  it('names the missing peer in one line, with what needs it and the command that installs it', async () => {
    const { load } = loader('bullmq');
    await expect(
      loadOptionalPeers('hermes-tools/queue', { ioredis: 'ioredis', bullmq: 'bullmq' }, 'its queue', load),
    ).rejects.toThrow(new Error('hermes-tools/queue needs the optional peer bullmq for its queue: npm install bullmq'));
  });

  it('names every missing peer at once', async () => {
    const { load } = loader('@nestjs/core', '@nestjs/common');
    const peers = { '@nestjs/common': '@nestjs/common', '@nestjs/core': '@nestjs/core/index.js' };
    await expect(loadOptionalPeers('hermes-tools/nest', peers, undefined, load)).rejects.toThrow(
      new Error(
        'hermes-tools/nest needs the optional peers @nestjs/common and @nestjs/core: npm install @nestjs/common @nestjs/core',
      ),
    );
  });

  it("rethrows what is not Node's error for that package: another code, or a thrown value that is not an Error", async () => {
    const otherCode = Object.assign(new Error("Cannot find package 'bullmq' imported from /app/x.js"), {
      code: 'ERR_UNKNOWN',
    });
    const notAnError = {
      code: 'ERR_MODULE_NOT_FOUND',
      message: "Cannot find package 'bullmq' imported from /app/x.js",
    };
    for (const thrown of [otherCode, notAnError]) {
      const load = async (): Promise<unknown> => {
        throw thrown;
      };
      await expect(loadOptionalPeers('hermes-tools/x', { bullmq: 'bullmq' }, undefined, load)).rejects.toBe(thrown);
    }
  });

  it('imports for real by default: a package that is not there fails the load', async () => {
    await expect(loadOptionalPeers('hermes-tools/x', { 'no-such-peer-0': 'no-such-peer-0' })).rejects.toThrow();
  });

  it("rethrows, as it is, an installed peer's own failure (a module it imports is missing)", async () => {
    const own = notInstalled('left-pad');
    const load = async (): Promise<unknown> => {
      throw own;
    };
    await expect(loadOptionalPeers('hermes-tools/x', { bullmq: 'bullmq' }, undefined, load)).rejects.toBe(own);
  });
});
