import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { clip, MAX_ISSUE_MESSAGE, MAX_PATH } from '../errors/redactIssues.js';
import { redactPath } from '../errors/redactPath.js';
import { currentSecrets, redactSecrets } from '../errors/redactSecrets.js';
import { ScannedIssue } from '../errors/ScannedIssue.js';
import { clipKey } from './clipKey.js';
import type { ValidationLimits } from './ValidationLimits.js';

/**
 * What each value (and each key) costs toward `maxTotalSize`, besides its characters: checking a
 * value costs far more than reading one character, so a budget of characters must not buy a
 * million tiny values.
 */
export const VALUE_COST = 8;

/** The limits a run needs; `maxTotalSize` may be left out, for no bound on the total. */
export type ValidationRunLimits = Omit<ValidationLimits, 'maxTotalSize'> & { readonly maxTotalSize?: number };

export interface ValidationRunOptions {
  /**
   * Whether messages may quote the received value (`got "abc"`). Default true. With false, a
   * message describes a mismatch by type and size only (`got a string of 12 characters`): for
   * values that may hold secrets, such as a tool's result.
   */
  readonly quoteValues?: boolean;
}

/** The mutable state of validating one value: issues found so far, its size so far, and async checks still running. */
export class ValidationRun {
  readonly issues: ValidationIssue[] = [];
  pending: Promise<void>[] | undefined;
  dropped = 0;
  /** Characters of strings and keys plus one per value, counted so far (see `ValidationLimits.maxTotalSize`). */
  size = 0;
  readonly maxTotalSize: number;
  readonly quoteValues: boolean;
  private oversized = false;

  constructor(
    readonly limits: ValidationRunLimits,
    options?: ValidationRunOptions,
  ) {
    this.maxTotalSize = limits.maxTotalSize ?? Infinity;
    this.quoteValues = options?.quoteValues ?? true;
  }

  /**
   * Adds `units` to the size of the value checked so far. Returns false once the total passes
   * `maxTotalSize` (reported once, for the whole value): the caller stops looking into it.
   */
  charge(units: number): boolean {
    this.size += units;
    if (this.size <= this.maxTotalSize) return true;
    if (!this.oversized) {
      this.oversized = true;
      this.report(
        '',
        `must be at most ${this.maxTotalSize} in total size (characters of strings and keys, plus 8 per value and per key)`,
        'maxTotalSize',
      );
    }
    return false;
  }

  /**
   * Records an issue whose message is `<path> <message>`, in our own wording but for the parts of it that repeat the
   * value checked, which come from `describe` or `shown` and stand beside whitespace, `(` or `;`: the message needs no
   * scan for secrets then but of the path (see `ScannedIssue`).
   */
  report(path: string, message: string, constraint: string): void {
    if (this.issues.length >= this.limits.maxIssues) {
      this.dropped++;
      return;
    }
    const secrets = currentSecrets();
    if (secrets.crossesWording) {
      this.issues.push({ path, message: `${label(path)} ${message}`, constraint });
      return;
    }
    const shownPath = redactPath(path);
    this.issues.push(
      new ScannedIssue(
        clip(path, MAX_PATH),
        clip(shownPath, MAX_PATH),
        clip(`${label(shownPath)} ${message}`, MAX_ISSUE_MESSAGE),
        constraint,
        secrets,
      ),
    );
  }

  /**
   * Records an issue whose message is already complete, or made by a function (not called once issues are only
   * counted): text of anyone's (a constraint's message), scanned whole when it leaves the library.
   */
  reportMessage(path: string, message: string | (() => string), constraint: string): void {
    if (this.issues.length >= this.limits.maxIssues) {
      this.dropped++;
      return;
    }
    this.issues.push({ path, message: typeof message === 'string' ? message : message(), constraint });
  }

  /** `value` as a message may show it, following `quoteValues`, its secrets redacted (see `report`). */
  describe(value: unknown): string {
    return redactSecrets(describeValue(value, this.quoteValues));
  }

  /** A number taken from the value checked (the value itself, a length, a count, an index) as a message shows it (see `report`). */
  shown(n: number): string {
    return redactSecrets(String(n));
  }

  /** The issues, with a last one counting those dropped past `maxIssues`. */
  finish(): ValidationIssue[] {
    if (this.dropped > 0) {
      this.issues.push({ path: '', message: `…and ${this.dropped} more problems not listed`, constraint: 'maxIssues' });
      this.dropped = 0;
    }
    return this.issues;
  }
}

export function label(path: string): string {
  return path === '' ? 'the arguments' : path;
}

/** The path of a child; a key is clipped (see `clipKey`), so a huge key cannot make a huge issue. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  const shown = clipKey(key);
  return parent === '' ? shown : `${parent}.${shown}`;
}

/**
 * A short, safe rendering of a received value for an issue message. With `quote` false, nothing
 * of the value itself is shown, only its type (and a string's length).
 */
export function describeValue(value: unknown, quote = true): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return !quote || value.length > 40
        ? `a string of ${value.length} ${value.length === 1 ? 'character' : 'characters'}`
        : JSON.stringify(value);
    case 'number':
      return quote ? String(value) : 'a number';
    case 'boolean':
      return quote ? String(value) : 'a boolean';
    case 'bigint':
      return 'a bigint';
    case 'undefined':
      return 'nothing';
    case 'object':
      return describeObject(value);
    default:
      return `a ${typeof value}`;
  }
}

/**
 * "an object" for plain ones, "an instance of Foo" for the rest, so "must be an object, got an object" cannot be said.
 */
function describeObject(value: object): string {
  let proto: unknown;
  try {
    proto = Object.getPrototypeOf(value);
  } catch {
    // Converted: a proxy whose prototype cannot be read is described as such.
    return 'an object that cannot be read';
  }
  if (proto === Object.prototype || proto === null) return 'an object';
  let name: unknown;
  try {
    const ctor = (proto as { constructor?: unknown }).constructor;
    name = typeof ctor === 'function' ? ctor.name : undefined;
  } catch {
    // Converted: a constructor that cannot be read names no class.
    name = undefined;
  }
  return typeof name === 'string' && name !== ''
    ? `an instance of ${clipKey(name)}`
    : 'an object with a prototype of its own';
}
