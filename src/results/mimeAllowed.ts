/** A MIME type as parts may carry one: ASCII, `type/subtype`, optional parameters, at most 255 characters. */
const SHAPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}(?:\s*;[\x20-\x7e]*)?$/;

/** Whether `mimeType` has the shape of one: ASCII, `type/subtype`, parameters after `;`, at most 255 characters. */
export function mimeShaped(mimeType: string): boolean {
  return mimeType.length <= 255 && SHAPE.test(mimeType);
}

/**
 * Whether `mimeType` is well shaped ({@link mimeShaped}) and one of `allowed` (parameters after `;` ignored,
 * case-insensitive), exactly or by `family/*`.
 */
export function mimeAllowed(mimeType: string, allowed: readonly string[]): boolean {
  if (!mimeShaped(mimeType)) return false;
  const bare = mimeType.split(';', 1)[0]!.trim().toLowerCase();
  const slash = bare.indexOf('/');
  const family = `${bare.slice(0, slash)}/*`;
  return allowed.some((entry) => {
    const wanted = entry.toLowerCase();
    return wanted === bare || wanted === family;
  });
}
