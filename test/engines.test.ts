import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

/**
 * The oldest Node of each range the package names: `^20.19.0 || ^22.12.0 || ^24.0.0` gives 20.19.0, 22.12.0, 24.0.0.
 */
const floors = manifest.engines.node.split('||').map((range) => semver.minVersion(range)!.version);

/**
 * The one warning that remains, on Node 22.12.x only: dependency-cruiser 17 pins watskeburt 5, which
 * asks for ^22.13 (every 5.x does). It is the git helper behind `depcruise --affected`, which the
 * layering check does not use, so lint runs the same; 22.13 and later, 20.19+ and 24 print nothing.
 */
const KNOWN: Record<string, string[]> = { '22.12.0': ['node_modules/watskeburt@5.0.3: node ^20.12||^22.13||>=24.0'] };

describe('npm install prints no engine warning on a Node the package supports', () => {
  it('names the floors', () => {
    expect(floors).toEqual(['20.19.0', '22.12.0', '24.0.0']);
  });

  it.each(floors)(
    'every package in the lock file, devDependencies included, accepts Node %s (but the known exception)',
    (node) => {
      const refused: string[] = [];
      for (const [where, entry] of Object.entries(lock.packages)) {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (where === '' || wanted === undefined) continue;
        if (!semver.satisfies(node, wanted)) refused.push(`${where}@${entry.version}: node ${wanted}`);
      }
      expect(refused).toEqual(KNOWN[node] ?? []);
    },
  );
});
