/**
 * A filesystem error as the model may see it: what went wrong with `shown` (the path relative to
 * the sandbox), never Node's message, which names the absolute host path.
 */
export function describeFsError(error: unknown, shown: string): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined || code === 'ABORT_ERR') return error instanceof Error ? error : new Error(String(error));
  const reasons: Record<string, string> = {
    ENOENT: `${shown} does not exist`,
    EISDIR: `${shown} is a folder, not a file`,
    ENOTDIR: `${shown} is not a folder, or a part of its path is a file`,
    EACCES: `${shown} cannot be accessed: permission denied`,
    EPERM: `${shown} cannot be accessed: operation not permitted`,
    EEXIST: `${shown} already exists`,
  };
  return new Error(reasons[code] ?? `${shown} could not be used (${code})`, { cause: error });
}
