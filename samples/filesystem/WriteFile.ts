import { inject } from 'inversify';
import { IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Description, Example, Input, Permissions, Tool } from 'hermes-tools';
import { Sandbox } from './Sandbox.js';

export class WriteFileInput {
  @IsString() @MinLength(1) @Description('Path relative to the workspace root.') path!: string;
  @IsString() @MaxLength(1_000_000) @Description('The text to write.') content!: string;
  @IsOptional() @IsBoolean() @Description('Append instead of replacing.') append?: boolean;
}

@Tool({
  name: 'fs.write',
  description: 'Write a UTF-8 text file in the workspace.',
  tags: ['filesystem', 'write'],
  destructive: true,
})
@Permissions('fs:write')
@Example({
  description: 'Add a line to the notes',
  input: { path: 'notes/todo.md', content: '- ship it\n', append: true },
})
export class WriteFile {
  constructor(@inject(Sandbox) private readonly sandbox: Sandbox) {}

  async execute(@Input() input: WriteFileInput): Promise<{ path: string; bytes: number }> {
    const bytes = await this.sandbox.write(input.path, input.content, input.append ?? false);
    return { path: input.path, bytes };
  }
}
