import { IsInt, IsString } from 'class-validator';
import { Arg, Ctx, Input, Tool, type ToolContext, toolset } from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

// This file is compiled by tsc with "strict": true, so reflection sees what a strict project sees.

describe('an optional @Arg under "strict"', () => {
  it('`x?: string` reflects as String: the argument is optional and the handler gets undefined when it is absent', async () => {
    @Tool({ name: 'greet', description: 'Greets.' })
    class Greet {
      execute(@Arg('name') name: string, @Arg('title', { optional: true }) title?: string): string {
        return title === undefined ? `hello ${name}` : `hello ${title} ${name}`;
      }
    }
    const { registry } = await buildRegistry(toolset({ name: 'g', tools: [Greet] }));
    expect(registry.get('greet').definition.inputSchema).toMatchObject({
      properties: { title: { type: 'string' } },
      required: ['name'],
    });
    expect(await registry.dispatch('greet', { name: 'Ada' })).toMatchObject({ ok: true, value: 'hello Ada' });
    expect(await registry.dispatch('greet', { name: 'Ada', title: 'Dr' })).toMatchObject({
      ok: true,
      value: 'hello Dr Ada',
    });
    expect(await registry.dispatch('greet', { name: 'Ada', title: 3 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('`x: string | undefined` reflects as Object: the build says exactly what to write, and what it says works', async () => {
    @Tool({ name: 'greet', description: 'Greets.' })
    class Greet {
      execute(@Arg('title', { optional: true }) title: string | undefined, @Arg('name') name: string): string {
        return `${title ?? 'hello'} ${name}`;
      }
    }
    expect(await definitionProblems(toolset({ name: 'g', tools: [Greet] }))).toEqual([
      "Greet.execute @Arg('title'): reflection cannot tell its type (a union, an interface, Record, any or unknown all look like Object, and so, under \"strict\", do `title: string | undefined` and `title: string | null`); write @Arg('title', { type: String, optional: true }) (Number, Boolean, a DTO class or a JSON Schema in place of String), or declare the parameter `title?: string`, which reflects as String",
    ]);

    @Tool({ name: 'nick', description: 'A nickname.' })
    class Nick {
      execute(@Arg('nick') nick: string | null): string {
        return nick ?? 'none';
      }
    }
    expect(await definitionProblems(toolset({ name: 'n', tools: [Nick] }))).toEqual([
      expect.stringMatching(
        /^Nick\.execute @Arg\('nick'\): .*; write @Arg\('nick', \{ type: String \}\) \(Number, Boolean, a DTO class or a JSON Schema in place of String\); add optional: true if it may be absent$/,
      ),
    ]);

    @Tool({ name: 'greet', description: 'Greets.' })
    class Fixed {
      execute(
        @Arg('title', { type: String, optional: true }) title: string | undefined,
        @Arg('name') name: string,
      ): string {
        return `${title ?? 'hello'} ${name}`;
      }
    }
    const { registry } = await buildRegistry(toolset({ name: 'g', tools: [Fixed] }));
    expect(await registry.dispatch('greet', { name: 'Ada' })).toMatchObject({ ok: true, value: 'hello Ada' });
    expect(await registry.dispatch('greet', { name: 'Ada', title: 'Hi' })).toMatchObject({ ok: true, value: 'Hi Ada' });
  });
});

// What esbuild, tsx and vite emit whatever tsconfig.json says: the decorators run, but no design:paramtypes.
class Note {
  @IsString() name!: string;
  @IsInt() size!: number;
}

describe('a project without decorator metadata (esbuild, tsx, vite)', () => {
  it('is told, per parameter, the decorators that need no metadata', async () => {
    class Read {
      execute(path: string, limit: number | undefined, ctx: ToolContext): string {
        return `${path} ${String(limit)} ${ctx.tool}`;
      }
    }
    Arg('path')(Read.prototype, 'execute', 0);
    Arg('limit', { optional: true })(Read.prototype, 'execute', 1);
    Ctx()(Read.prototype, 'execute', 2);
    Tool({ name: 'read', description: 'Reads.' })(Read);
    class Save {
      execute(note: Note): string {
        return note.name;
      }
    }
    Input()(Save.prototype, 'execute', 0);
    Tool({ name: 'save', description: 'Saves.' })(Save);
    const problems = await definitionProblems(toolset({ name: 'n', tools: [Read, Save] }));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^Read\.execute: has no design:paramtypes metadata, /);
    expect(problems[0]).toMatch(
      /works under esbuild, tsx and vite whatever tsconfig\.json says: @Arg\('path', \{ type: String \}\) for #1, @Arg\('limit', \{ type: String, optional: true \}\) for #2 \(String, Number, Boolean, a DTO class or a JSON Schema as the type\)$/,
    );
    expect(problems[1]).toMatch(
      /: @Input\(TheDto\) for #1 \(String, Number, Boolean, a DTO class or a JSON Schema as the type\)$/,
    );
  });

  it('builds and runs with what it is told: @Arg(name, { type }) and @Input(Dto)', async () => {
    class Read {
      execute(path: string, limit: number | undefined, ctx: ToolContext): string {
        return `${path} ${String(limit)} ${ctx.tool}`;
      }
    }
    Arg('path', { type: String })(Read.prototype, 'execute', 0);
    Arg('limit', { type: Number, optional: true })(Read.prototype, 'execute', 1);
    Ctx()(Read.prototype, 'execute', 2);
    Tool({ name: 'read', description: 'Reads.' })(Read);
    class Save {
      execute(note: Note): string {
        return `${note.name} ${note.size} ${String(note instanceof Note)}`;
      }
    }
    Input(Note)(Save.prototype, 'execute', 0);
    Tool({ name: 'save', description: 'Saves.' })(Save);
    const { registry } = await buildRegistry(toolset({ name: 'n', tools: [Read, Save] }));
    expect(await registry.dispatch('read', { path: 'a.md', limit: 3 })).toMatchObject({
      ok: true,
      value: 'a.md 3 read',
    });
    expect(await registry.dispatch('read', { path: 'a.md', limit: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await registry.dispatch('save', { name: 'todo', size: 2 })).toMatchObject({
      ok: true,
      value: 'todo 2 true',
    });
    expect(await registry.dispatch('save', { name: 'todo', size: 'big' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});
