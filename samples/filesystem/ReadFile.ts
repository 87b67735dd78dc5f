import { inject } from 'inversify';
import { Arg, Ctx, Example, Permissions, Tool, type ToolContext } from 'hermes-tools';
import { Sandbox } from './Sandbox.js';

@Tool({
  name: 'fs.read',
  description: 'Read a UTF-8 text file from the workspace.',
  tags: ['filesystem', 'read'],
  idempotent: true,
  readOnly: true,
  version: '1.0.0',
})
@Permissions('fs:read')
@Example({ description: 'Read the notes', input: { path: 'notes/todo.md' } })
export class ReadFile {
  constructor(@inject(Sandbox) private readonly sandbox: Sandbox) {}

  execute(
    @Arg('path', { description: 'Path relative to the workspace root.', minLength: 1 }) path: string,
    @Arg('maxBytes', { description: 'Characters to return at most.', integer: true, minimum: 1, default: 100_000 })
    maxBytes: number,
    @Ctx() ctx: ToolContext,
  ): Promise<string> {
    return this.sandbox.read(path, maxBytes, ctx.signal);
  }
}
