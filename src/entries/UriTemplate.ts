/** One variable of a URI template, and how it expands. */
interface Variable {
  readonly name: string;
  /** `+`: reserved (may hold `/`), `#`: fragment, empty: simple. */
  readonly operator: '' | '+' | '#';
}

/** The longest URI a template is matched against. */
export const MAX_URI_LENGTH = 8192;

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A URI template of RFC 6570 levels 1 and 2 (`{var}`, `{+var}`, `{#var}`), matched against URIs to read a resource.
 * A simple variable matches one segment (no `/`, `?` or `#`) and is percent-decoded; a decoded value holding `/` or
 * equal to `.` or `..` matches nothing. A reserved one (`+`) may span segments; unless the template allows traversal,
 * a value with a `.` or `..` segment, an absolute path, a backslash or a NUL matches nothing. Where a URI could be
 * split between variables in more than one way, each variable takes the longest text it may hold, else (when that
 * split fails) the shortest: matching never backtracks.
 */
export class UriTemplate {
  readonly variables: readonly string[];
  /** The literal text before the first variable: longer wins when templates overlap. */
  readonly literalPrefix: number;
  /** Every literal character: the next tie-breaker. */
  readonly literalLength: number;
  readonly #kinds: readonly Variable[];
  readonly #parts: readonly (string | Variable)[];

  private constructor(
    readonly template: string,
    parts: readonly (string | Variable)[],
    private readonly allowTraversal: boolean,
  ) {
    const kinds = parts.filter((part): part is Variable => typeof part !== 'string');
    this.#kinds = kinds;
    this.#parts = parts;
    this.variables = kinds.map((kind) => kind.name);
    const first = parts.findIndex((part) => typeof part !== 'string');
    this.literalPrefix = (first === -1 ? parts : parts.slice(0, first)).reduce(
      (sum, part) => sum + (typeof part === 'string' ? part.length : 0),
      0,
    );
    this.literalLength = parts.reduce((sum, part) => sum + (typeof part === 'string' ? part.length : 0), 0);
  }

  /** The template read, or the problem with it (a variable name, an operator of level 3 or 4, a stray brace). */
  static parse(template: string, allowTraversal = false): UriTemplate | { problem: string } {
    if (typeof template !== 'string' || template === '') return { problem: 'the URI template is empty' };
    if (template.length > 1024) return { problem: 'the URI template is over 1,024 characters' };
    const parts: (string | Variable)[] = [];
    const names = new Set<string>();
    let at = 0;
    while (at < template.length) {
      const open = template.indexOf('{', at);
      const close = template.indexOf('}', at);
      if (close !== -1 && (open === -1 || close < open)) return { problem: `a "}" at ${close} closes nothing` };
      if (open === -1) {
        parts.push(template.slice(at));
        break;
      }
      if (open > at) parts.push(template.slice(at, open));
      const end = template.indexOf('}', open);
      if (end === -1) return { problem: `the "{" at ${open} is not closed` };
      let expression = template.slice(open + 1, end);
      let operator: Variable['operator'] = '';
      if (expression.startsWith('+') || expression.startsWith('#')) {
        operator = expression[0] as '+' | '#';
        expression = expression.slice(1);
      }
      if (!NAME.test(expression))
        return {
          problem: `{${template.slice(open + 1, end)}} is not a variable of levels 1 and 2 (a name of letters, digits and "_", after an optional + or #; lists, modifiers and other operators are not supported)`,
        };
      if (names.has(expression)) return { problem: `the variable ${expression} appears twice` };
      if (operator === '#' && template.slice(end + 1) !== '')
        return { problem: `{#${expression}} must end the template` };
      const previous = parts.at(-1);
      if (previous !== undefined && typeof previous !== 'string')
        return { problem: `{${template.slice(open + 1, end)}} follows another variable with nothing between them` };
      names.add(expression);
      parts.push({ name: expression, operator });
      at = end + 1;
    }
    return new UriTemplate(template, parts, allowTraversal);
  }

  /**
   * The variables of `uri`, decoded, or undefined when it does not match (or a value would climb out). Two scans from
   * left to right, never backtracking, so that matching costs time linear in the URI whatever the template: first each
   * variable takes the longest text it may hold up to the literal after it, then, if that split fails, the shortest.
   */
  match(uri: string): Record<string, string> | undefined {
    if (uri.length > MAX_URI_LENGTH) return undefined;
    const found = this.#split(uri, true) ?? this.#split(uri, false);
    if (found === undefined) return undefined;
    const values: Record<string, string> = Object.create(null);
    for (let i = 0; i < this.#kinds.length; i++) {
      const { name, operator } = this.#kinds[i]!;
      const raw = found[i] ?? '';
      let value: string;
      try {
        value = decodeURIComponent(raw);
      } catch {
        // Converted: a malformed percent-escape is a URI that matches nothing.
        return undefined;
      }
      // A NUL, or half a surrogate pair (no URI can be made of it again), matches nothing.
      if (value.includes('\0') || LONE_SURROGATE.test(value)) return undefined;
      if (operator === '' && (value.includes('/') || value === '.' || value === '..')) return undefined;
      if (operator !== '' && !this.allowTraversal && climbs(value)) return undefined;
      values[name] = value;
    }
    return values;
  }

  /**
   * The raw text of each variable in `uri`, split in one scan: each variable takes the text up to the last (`longest`)
   * or first place where the literal after it appears, within the characters it may hold; the last one takes the rest.
   */
  #split(uri: string, longest: boolean): string[] | undefined {
    const parts = this.#parts;
    const found: string[] = [];
    let at = 0;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (typeof part === 'string') {
        if (!uri.startsWith(part, at)) return undefined;
        at += part.length;
        continue;
      }
      if (part.operator === '#') {
        // Always last: nothing, or "#" and the rest.
        if (at < uri.length && uri[at] !== '#') return undefined;
        found.push(uri.slice(at + 1));
        at = uri.length;
        continue;
      }
      // Where the characters this variable may hold end: a simple one stops at "/", "?" or "#", a reserved one at "?"
      // or "#".
      const stop = part.operator === '' ? /[/?#]/g : /[?#]/g;
      stop.lastIndex = at;
      const limit = stop.exec(uri)?.index ?? uri.length;
      const next = parts[i + 1];
      let end: number;
      if (typeof next !== 'string') end = limit === uri.length ? uri.length : -1;
      else {
        end = longest ? uri.lastIndexOf(next, limit) : uri.indexOf(next, at);
        if (end < at || end > limit) end = -1;
      }
      if (end === -1) return undefined;
      found.push(uri.slice(at, end));
      at = end;
    }
    return at === uri.length ? found : undefined;
  }

  /**
   * The URI the template makes of decoded `values`, as `match` gives them (RFC 6570: a simple value is percent-encoded
   * but for unreserved characters; a reserved or fragment one keeps reserved characters).
   */
  expand(values: Readonly<Record<string, string>>): string {
    return this.#parts
      .map((part) => {
        if (typeof part === 'string') return part;
        const value = Object.hasOwn(values, part.name) ? String(values[part.name]) : '';
        if (part.operator === '') return encodeSimple(value);
        // Values are decoded (as match gives them): a `?` or `#` in a reserved value came encoded, and goes back so.
        if (part.operator === '+') return encodeURI(value).replace(/[?#]/g, (c) => (c === '?' ? '%3F' : '%23'));
        return value === '' ? '' : `#${encodeURI(value)}`;
      })
      .join('');
  }
}

/** Percent-encodes what a simple expansion may not hold: everything but the unreserved characters. */
function encodeSimple(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A path value that could leave where its template points: a `.`/`..` segment, a root, a backslash. */
function climbs(value: string): boolean {
  if (value.startsWith('/') || value.includes('\\') || /^[A-Za-z]:/.test(value)) return true;
  return value.split('/').some((segment) => segment === '.' || segment === '..');
}
