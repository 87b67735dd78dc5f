import { inject, injectable } from 'inversify';
import { IsString, MinLength, IsOptional, IsArray } from 'class-validator';
import { Arg, Description, Input, Permissions, Tool } from 'hermes-tools';
import { Repository, type Commit } from './Repository.js';

export class CommitInput {
  @IsString() @MinLength(3) @Description('What changed and why, in one line.') message!: string;
  @IsOptional() @IsArray() @IsString({ each: true }) @Description('Files to stage first.') files?: string[];
}

/** One service, several tools: each @Tool method is a tool, all sharing the injected repository. */
@injectable()
export class GitTools {
  constructor(@inject(Repository) private readonly repo: Repository) {}

  @Tool({
    name: 'git.status',
    description: 'Show staged files and the last commit.',
    tags: ['git', 'read'],
    idempotent: true,
    readOnly: true,
  })
  @Permissions('git:read')
  status(): { staged: string[]; head?: Commit } {
    return {
      staged: [...this.repo.staged].sort(),
      ...(this.repo.commits.length > 0 && { head: this.repo.commits.at(-1) }),
    };
  }

  @Tool({
    name: 'git.log',
    description: 'Show the latest commits, newest first.',
    tags: ['git', 'read'],
    idempotent: true,
    readOnly: true,
  })
  @Permissions('git:read')
  log(@Arg('limit', { integer: true, minimum: 1, maximum: 50, default: 10 }) limit: number): Commit[] {
    return this.repo.commits.slice(-limit).reverse();
  }

  @Tool({
    name: 'git.commit',
    description: 'Commit the staged files (and any listed) with a message.',
    tags: ['git', 'write'],
  })
  @Permissions('git:write')
  commit(@Input() input: CommitInput): Commit {
    for (const file of input.files ?? []) this.repo.staged.add(file);
    if (this.repo.staged.size === 0) throw new Error('nothing to commit: stage files first or list them in "files"');
    return this.repo.commit(input.message);
  }

  @Tool({
    name: 'git.reset',
    description: 'Drop the latest commit and its record. It cannot be undone.',
    tags: ['git', 'write'],
    destructive: true,
  })
  @Permissions('git:write')
  reset(): { dropped?: string } {
    const dropped = this.repo.commits.pop();
    return dropped === undefined ? {} : { dropped: dropped.id };
  }
}
