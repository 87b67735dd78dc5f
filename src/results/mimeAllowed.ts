/** Whether `mimeType` (parameters after `;` ignored, case-insensitive) is one of `allowed`, exactly or by `family/*`. */
export function mimeAllowed(mimeType: string, allowed: readonly string[]): boolean {
  const bare = mimeType.split(';', 1)[0]!.trim().toLowerCase();
  const slash = bare.indexOf('/');
  if (slash <= 0 || slash === bare.length - 1) return false;
  const family = `${bare.slice(0, slash)}/*`;
  return allowed.some((entry) => {
    const wanted = entry.toLowerCase();
    return wanted === bare || wanted === family;
  });
}
