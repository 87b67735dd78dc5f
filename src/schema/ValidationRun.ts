import type { ValidationIssue } from '../errors/ValidationIssue.js';
import type { ValidationLimits } from './ValidationLimits.js';

/** The mutable state of validating one value: issues found so far and async checks still running. */
export class ValidationRun {
  readonly issues: ValidationIssue[] = [];
  pending: Promise<void>[] | undefined;
  dropped = 0;

  constructor(readonly limits: ValidationLimits) {}

  /** Records an issue whose message is `<path> <message>`. */
  report(path: string, message: string, constraint: string): void {
    this.reportMessage(path, `${label(path)} ${message}`, constraint);
  }

  /** Records an issue whose message is already complete. */
  reportMessage(path: string, message: string, constraint: string): void {
    if (this.issues.length >= this.limits.maxIssues) {
      this.dropped++;
      return;
    }
    this.issues.push({ path, message, constraint });
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

export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** A short, safe rendering of a received value for an issue message. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return 'a bigint';
    case 'undefined':
      return 'nothing';
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}
