import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { currentSecrets, type SecretsSnapshot } from './redactSecrets.js';

/**
 * An issue in the validator's own wording, every part of which that repeats the value checked (its path, a quoted
 * string, a number, a length) was scanned for secrets on its own when it was made (see `ValidationRun.report`): its
 * message is then redacted as a whole would be, as long as no secret can begin in our wording and end in such a part
 * (`SecretsSnapshot.crossesWording`), and `redactIssues` copies it without another scan while the secrets are those it was scanned
 * by. Frozen, and told apart by private fields that only this constructor sets: no issue made or changed elsewhere
 * passes for one.
 */
export class ScannedIssue implements ValidationIssue {
  readonly #shownPath: string;
  readonly #secrets: SecretsSnapshot;

  /**
   * `path` as the caller sent its keys, `shownPath` the same redacted; `message` already shows `shownPath`. All of
   * them clipped as `redactIssues` clips.
   */
  constructor(
    readonly path: string,
    shownPath: string,
    readonly message: string,
    readonly constraint: string,
    secrets: SecretsSnapshot,
  ) {
    this.#shownPath = shownPath;
    this.#secrets = secrets;
    Object.freeze(this);
  }

  /**
   * `issue` as it may leave the library (see `redactIssues`), a frozen plain copy with its path redacted or not
   * (`paths`), when it is a ScannedIssue of the secrets now read; undefined when it must be scanned whole.
   */
  static redacted(issue: unknown, paths: boolean): ValidationIssue | undefined {
    if (typeof issue !== 'object' || issue === null || !(#secrets in issue) || issue.#secrets !== currentSecrets())
      return undefined;
    // A plain copy, as every other issue leaves: this class stays the library's own.
    return Object.freeze({
      path: paths ? issue.#shownPath : issue.path,
      message: issue.message,
      constraint: issue.constraint,
    });
  }
}
