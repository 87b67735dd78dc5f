import { inject } from 'inversify';
import { Arg, Permissions, Tool } from 'hermes-tools';
import { Sandbox } from './Sandbox.js';

@Tool({
  name: 'fs.list',
  description: 'List a folder of the workspace; folders end with "/".',
  tags: ['filesystem', 'read'],
  idempotent: true,
  readOnly: true,
})
@Permissions('fs:read')
export class ListFiles {
  constructor(@inject(Sandbox) private readonly sandbox: Sandbox) {}

  execute(
    @Arg('path', { description: 'Folder relative to the workspace root.', default: '.' }) path: string,
  ): Promise<string[]> {
    return this.sandbox.list(path);
  }
}
