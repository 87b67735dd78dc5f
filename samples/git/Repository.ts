import { injectable } from 'inversify';

export interface Commit {
  readonly id: string;
  readonly message: string;
  readonly files: readonly string[];
}

/** A small in-memory version store standing in for a git repository. */
@injectable()
export class Repository {
  readonly commits: Commit[] = [];
  readonly staged = new Set<string>();

  commit(message: string): Commit {
    const commit = {
      id: (this.commits.length + 1).toString(16).padStart(7, '0'),
      message,
      files: [...this.staged].sort(),
    };
    this.commits.push(commit);
    this.staged.clear();
    return commit;
  }
}
