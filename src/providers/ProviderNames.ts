import type { NameRule } from './NameRule.js';

/**
 * A reversible mapping between registry names and the names a provider accepts. A forbidden
 * character becomes `_`; a name that is too long, or that would collide with another, is cut and
 * given a short hash of the original, so the same tools always map to the same names.
 */
export class ProviderNames {
  readonly #toProvider = new Map<string, string>();
  readonly #toRegistry = new Map<string, string>();
  readonly #rule: NameRule;

  constructor(names: Iterable<string>, rule: NameRule) {
    this.#rule = rule;
    const all = [...names];
    // Names that are already legal keep themselves, whatever their order.
    for (const name of all) if (isLegal(name, rule)) this.#set(name, name);
    for (const name of all) {
      if (this.#toProvider.has(name)) continue;
      let candidate = sanitize(name, rule);
      if (candidate.length > rule.maxLength || this.#toRegistry.has(candidate)) {
        candidate = `${candidate.slice(0, rule.maxLength - 9)}_${hash(name)}`;
      }
      for (let n = 2; this.#toRegistry.has(candidate); n++)
        candidate = `${candidate.slice(0, rule.maxLength - 4)}_${n}`;
      this.#set(name, candidate);
    }
  }

  /** The provider's name for a registry tool. */
  toProvider(name: string): string | undefined {
    return this.#toProvider.get(name);
  }

  /** The registry's name for a name the provider sent back, or undefined when no tool has it. */
  toRegistry(providerName: string): string | undefined {
    return this.#toRegistry.get(providerName);
  }

  /** The report line for a tool whose name had to change, or none. */
  renameNote(name: string): string[] {
    const providerName = this.#toProvider.get(name);
    return providerName === undefined || providerName === name
      ? []
      : [`name "${name}" sent as "${providerName}" (${this.#rule.says})`];
  }

  /** Every provider name. */
  providerNames(): string[] {
    return [...this.#toRegistry.keys()];
  }

  #set(name: string, providerName: string): void {
    this.#toProvider.set(name, providerName);
    this.#toRegistry.set(providerName, name);
  }
}

function isLegal(name: string, rule: NameRule): boolean {
  if (name.length === 0 || name.length > rule.maxLength) return false;
  if (rule.first !== undefined && !rule.first.test(name[0]!)) return false;
  for (const ch of name) if (!rule.allowed.test(ch)) return false;
  return true;
}

function sanitize(name: string, rule: NameRule): string {
  let out = '';
  for (const ch of name) out += rule.allowed.test(ch) ? ch : '_';
  if (out === '' || (rule.first !== undefined && !rule.first.test(out[0]!))) out = `t_${out}`;
  return out;
}

/** FNV-1a, 32 bits, as 8 hex digits: stable across runs and machines. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
