/** The options given to `forRoot`, or made by `forRootAsync`'s factory. */
export const HERMES_TOOLS_OPTIONS: unique symbol = Symbol.for('hermes-tools:nest-options');
