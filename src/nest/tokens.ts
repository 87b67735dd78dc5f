/** The options given to `forRoot`, or made by `forRootAsync`'s factory. */
export const HERMES_TOOLS_OPTIONS: unique symbol = Symbol.for('hermes-tools:nest-options');
/** Set on the options when `forRootAsync`'s factory returned `mcp`, which it cannot give. */
export const MCP_FROM_FACTORY: unique symbol = Symbol('hermes-tools:mcp-from-factory');
