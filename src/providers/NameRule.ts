/** A provider's rule for tool names. */
export interface NameRule {
  /** Characters allowed anywhere in the name. */
  readonly allowed: RegExp;
  /** Characters allowed first (default: any allowed one). */
  readonly first?: RegExp;
  readonly maxLength: number;
  /** The rule in words, for the report of a renamed tool. */
  readonly says: string;
}

export const OPENAI_NAMES: NameRule = {
  allowed: /[A-Za-z0-9_-]/,
  maxLength: 64,
  says: 'OpenAI allows only letters, digits, "_" and "-", at most 64',
};
// Anthropic allows 128, but some of its surfaces still cap at 64.
export const ANTHROPIC_NAMES: NameRule = {
  allowed: /[A-Za-z0-9_-]/,
  maxLength: 64,
  says: 'Anthropic allows only letters, digits, "_" and "-", at most 64',
};
// Gemini allows 128, but some of its surfaces cap at 63.
export const GEMINI_NAMES: NameRule = {
  allowed: /[A-Za-z0-9_.:-]/,
  first: /[A-Za-z_]/,
  maxLength: 63,
  says: "Gemini's name rule, at most 63 characters",
};

/** Anthropic's rule for property names in `input_schema`: `^[a-zA-Z0-9_.-]{1,64}$`. */
export const ANTHROPIC_PROPERTIES: NameRule = {
  allowed: /[A-Za-z0-9_.-]/,
  maxLength: 64,
  says: 'Anthropic allows only letters, digits, "_", "." and "-" in property names, at most 64',
};
/** Gemini's rule for property names in `parameters`: `^[A-Za-z_][A-Za-z0-9_]{0,63}$`. */
export const GEMINI_PROPERTIES: NameRule = {
  allowed: /[A-Za-z0-9_]/,
  first: /[A-Za-z_]/,
  maxLength: 64,
  says: 'Gemini allows only letters, digits and "_" in property names, not a digit first, at most 64',
};
// OpenAI documents no rule for property names: they go through as they are.
/**
 * Property names every provider above accepts (Gemini's rule is the strictest): for a tool set that may reach any of
 * them.
 */
export const PORTABLE_PROPERTIES: NameRule = {
  allowed: /[A-Za-z0-9_]/,
  first: /[A-Za-z_]/,
  maxLength: 64,
  says: 'every provider accepts letters, digits and "_" in property names, not a digit first, at most 64',
};
