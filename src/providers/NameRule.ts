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

export const OPENAI_NAMES: NameRule = { allowed: /[A-Za-z0-9_-]/, maxLength: 64, says: 'OpenAI allows only letters, digits, "_" and "-", at most 64' };
// Anthropic allows 128, but some of its surfaces still cap at 64.
export const ANTHROPIC_NAMES: NameRule = { allowed: /[A-Za-z0-9_-]/, maxLength: 64, says: 'Anthropic allows only letters, digits, "_" and "-", at most 64' };
// Gemini allows 128, but some of its surfaces cap at 63.
export const GEMINI_NAMES: NameRule = { allowed: /[A-Za-z0-9_.:-]/, first: /[A-Za-z_]/, maxLength: 63, says: "Gemini's name rule, at most 63 characters" };
