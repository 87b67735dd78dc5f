/**
 * Loads the optional peers an entry point needs, each by a module of its own (`specifier`), or
 * throws one line naming the entry (and what of it needs them) and every peer that is not installed, with the command
 * to
 * install them. Node's own error for a missing package names neither hermes-tools nor the fix.
 * An error of a peer that is installed (one of its own dependencies missing, say) is rethrown as is.
 * `load` is Node's `import`; unit tests give one that fails as Node does, since jest's resolver words it otherwise.
 * @internal
 */
export async function loadOptionalPeers(
  entry: string,
  peers: Readonly<Record<string, string>>,
  purpose?: string,
  load: (specifier: string) => Promise<unknown> = (specifier) => import(specifier),
): Promise<void> {
  const missing: string[] = [];
  for (const [name, specifier] of Object.entries(peers)) {
    try {
      await load(specifier);
    } catch (error) {
      if (!isMissingPackage(error, name)) throw error;
      // Converted: collected, and reported below as one line with the others.
      missing.push(name);
    }
  }
  if (missing.length === 0) return;
  const which =
    missing.length === 1 ? `the optional peer ${missing[0]}` : `the optional peers ${missing.join(' and ')}`;
  throw new Error(
    `${entry} needs ${which}${purpose === undefined ? '' : ` for ${purpose}`}: npm install ${missing.join(' ')}`,
  );
}

/** Node's ERR_MODULE_NOT_FOUND for the package `name` itself, not for a module it imports. */
function isMissingPackage(error: unknown, name: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' &&
    error.message.startsWith(`Cannot find package '${name}' `)
  );
}
