/** JSON-RPC error code of a request whose headers and body disagree (MCP 2026-07-28, `HeaderMismatch`). */
export const HEADER_MISMATCH = -32020;

const BASE64_PREFIX = '=?base64?';
const BASE64_SUFFIX = '?=';
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The first argument declared as a header (`@Arg({ header })`) whose `Mcp-Param-<header>` header is missing or says
 * something else than the body, as `{ header, body }` for the `HeaderMismatch` error's data; undefined when they all
 * agree. An argument absent or null in the body needs no header; a header is read as the spec encodes it (plain, or
 * `=?base64?…?=` for a value a header cannot carry as it is), and an integer is compared as a number.
 */
export function paramHeaderMismatch(
  headers: Readonly<Record<string, string>>,
  args: unknown,
  headerOf: (name: string) => string | null,
): { readonly header: string; readonly body: string } | undefined {
  for (const [arg, header] of Object.entries(headers)) {
    const value =
      typeof args === 'object' && args !== null && Object.hasOwn(args, arg)
        ? (args as Record<string, unknown>)[arg]
        : undefined;
    const text = asText(value);
    if (text === undefined) continue;
    const name = `Mcp-Param-${header}`;
    const given = headerOf(name);
    const body = `${arg}=${JSON.stringify(value)}`;
    if (given === null) return { header: name, body: `${body}, and the header is absent` };
    const decoded = decode(given);
    // A number may be written with trailing zeros ("1.0", from a client whose floats print so), and with nothing else
    // more: "1.0000000000000001" rounds to the body's 1, but a proxy reading the header text would not see 1.
    const same =
      typeof value === 'number' && decoded !== undefined && DECIMAL.test(decoded)
        ? withoutTrailingZeros(decoded) === text
        : decoded === text;
    if (!same) return { header: name, body };
  }
  return undefined;
}

/** What a primitive argument is as a header; undefined for a value no header carries. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // Every finite number is checked, an unsafe integer too: skipping one would let its header say anything.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** "1.50" as "1.5", "2.0" as "2": a decimal without the zeros that end its fraction. */
function withoutTrailingZeros(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}

/**
 * A header's value: as it is, when it is printable ASCII, or the UTF-8 text its Base64 sentinel holds; undefined for
 * anything else (Node reads other bytes as Latin-1, so raw UTF-8 would be compared as other characters).
 */
function decode(value: string): string | undefined {
  if (!(value.startsWith(BASE64_PREFIX) && value.endsWith(BASE64_SUFFIX)))
    return PRINTABLE_ASCII.test(value) ? value : undefined;
  const base64 = value.slice(BASE64_PREFIX.length, value.length - BASE64_SUFFIX.length);
  if (!CANONICAL_BASE64.test(base64)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(base64, 'base64'));
  } catch (error) {
    // Converted: bytes that are not UTF-8 are an invalid header, which the caller reports as a mismatch.
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}
