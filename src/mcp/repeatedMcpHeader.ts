/**
 * The first MCP routing header (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`) that a request sends more than once, or
 * undefined. Node and the Fetch API join repeated headers with ", ", so `Mcp-Param-Region: us` and
 * `Mcp-Param-Region: eu` would read as one value "us, eu", agree with a body that says so, and let a proxy that routes
 * on the first copy send the call elsewhere than the body says: such a request is refused whole. @internal
 */
export function repeatedMcpHeader(rawHeaders: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (name !== 'mcp-method' && name !== 'mcp-name' && !name.startsWith('mcp-param-')) continue;
    if (seen.has(name)) return rawHeaders[i];
    seen.add(name);
  }
  return undefined;
}
