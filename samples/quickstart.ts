import 'reflect-metadata';
import { Container, inject, injectable } from 'inversify';
import { IsBoolean, IsOptional, IsString, MinLength } from 'class-validator';
import {
  Arg,
  Ctx,
  Description,
  Example,
  Input,
  Permissions,
  PermissionSet,
  Tool,
  ToolRegistry,
  toolset,
  type ToolContext,
} from 'hermes-tools';

@injectable()
class NoteStore {
  private readonly notes = new Map<string, string>([['todo', 'buy milk']]);
  read(name: string): string | undefined {
    return this.notes.get(name);
  }
  write(name: string, text: string, append: boolean): void {
    this.notes.set(name, append ? `${this.notes.get(name) ?? ''}${text}` : text);
  }
}

@Tool({ name: 'notes.read', description: 'Read a note by name.', idempotent: true })
@Permissions('notes:read')
@Example({ description: 'Read the todo list', input: { name: 'todo' } })
class ReadNote {
  constructor(@inject(NoteStore) private readonly store: NoteStore) {}

  execute(
    @Arg('name', { description: 'The note to read.', minLength: 1 }) name: string,
    @Ctx() ctx: ToolContext,
  ): string {
    ctx.logger.info('reading', { name });
    return this.store.read(name) ?? `There is no note named "${name}".`;
  }
}

class WriteNoteInput {
  @IsString() @MinLength(1) @Description('The note to write.') name!: string;
  @IsString() text!: string;
  @IsOptional() @IsBoolean() append?: boolean;
}

@Tool({ name: 'notes.write', description: 'Write a note.' })
@Permissions('notes:write')
class WriteNote {
  constructor(@inject(NoteStore) private readonly store: NoteStore) {}

  execute(@Input() input: WriteNoteInput): string {
    this.store.write(input.name, input.text, input.append ?? false);
    return 'saved';
  }
}

const container = new Container();
container.bind(NoteStore).toSelf().inSingletonScope();
await container.load(
  toolset({ name: 'notes', tools: [ReadNote, WriteNote], granted: PermissionSet.none().grant('notes:read') }),
);
const registry = container.get(ToolRegistry);

console.log(registry.definitions().map((d) => d.inputSchema));
console.log(await registry.dispatch('notes.read', { name: 'todo' }));
console.log(await registry.dispatch('notes.read', { name: 42 }));
console.log(await registry.dispatch('notes.write', { name: 'todo', text: 'x' }));
