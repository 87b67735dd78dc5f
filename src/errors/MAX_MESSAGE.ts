/** The longest message kept in an error: a tool's error text can be anything, and it is read by a model. */
export const MAX_MESSAGE = 16_000;
