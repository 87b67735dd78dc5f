import { IsObject } from 'class-validator';
import { Container } from 'inversify';
import { Arg, Input, PermissionSet, Tool, ToolDefinitionError, ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

const all = PermissionSet.all();
const received: unknown[] = [];

@Tool({ name: 'free', description: 'Free-form and open arguments.' })
class Free {
  execute(
    @Arg('data', { type: {}, optional: true }) data?: unknown,
    @Arg('open', { type: { type: 'object', properties: { id: { type: 'string' } } }, optional: true }) open?: object,
  ): string {
    received.push(data ?? open);
    return 'ok';
  }
}

class WithMeta {
  @IsObject() meta!: Record<string, unknown>;
}

@Tool({ name: 'meta', description: 'A DTO with an @IsObject field.' })
class Meta {
  execute(@Input() input: WithMeta): string {
    received.push(input.meta);
    return 'ok';
  }
}

async function registry(coerce = false): Promise<ToolRegistry> {
  return (await buildRegistry(toolsModule({ coerce }), toolset({ name: 't', tools: [Free, Meta], granted: all })))
    .registry;
}

async function issues(r: ToolRegistry, tool: string, args: unknown) {
  const outcome = await r.dispatch(tool, args);
  return outcome.ok ? [] : (outcome.error.issues ?? []).map((i) => [i.path, i.constraint]);
}

beforeEach(() => {
  received.length = 0;
});
afterEach(() => {
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
});

describe('prototype keys', () => {
  it('a schema property named __proto__ cannot give the handler an object that inherits isAdmin (the exploit)', async () => {
    const seen: unknown[] = [];
    @Tool({ name: 'settings', description: 'x' })
    class Settings {
      execute(
        @Arg('opts', {
          type: { type: 'object', properties: JSON.parse('{"__proto__":{"type":"object"},"name":{"type":"string"}}') },
        })
        opts: { isAdmin?: boolean },
      ): string {
        seen.push(opts.isAdmin);
        return 'ok';
      }
    }
    const container = new Container();
    await container.load(toolset({ name: 't', tools: [Settings], granted: all }));
    let problems: readonly string[] = [];
    try {
      // Before the fix the registry built, and this payload reached the handler as an inherited isAdmin.
      await container
        .get(ToolRegistry)
        .dispatch('settings', { opts: JSON.parse('{"name":"x","__proto__":{"isAdmin":true}}') });
    } catch (error) {
      problems = (error as ToolDefinitionError).problems;
    }
    expect(seen).toEqual([]);
    expect(problems).toEqual([
      expect.stringMatching(
        /@Arg\('opts'\): declares a property named "__proto__", which can reach a prototype; rename it/,
      ),
    ]);
  });

  it('a schema property named constructor or prototype is a definition problem, in output schemas too', async () => {
    @Tool({
      name: 'out',
      description: 'x',
      output: { type: 'object', properties: { constructor: { type: 'object' } } },
    })
    class Out {
      execute(
        @Arg('o', { type: { type: 'object', properties: { prototype: { type: 'string' } } } }) o: object,
      ): object {
        return o;
      }
    }
    expect(await definitionProblems(toolset({ name: 't', tools: [Out], granted: all }))).toEqual([
      expect.stringMatching(/@Arg\('o'\): declares a property named "prototype"/),
      expect.stringMatching(/output: declares a property named "constructor"/),
    ]);
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    '%s is refused inside free-form values at every depth',
    async (key) => {
      const r = await registry();
      const data = JSON.parse(`{"a":{"b":[{"ok":1,"${key}":{"isAdmin":true}}]}}`);
      expect(await issues(r, 'free', { data })).toEqual([[`data.a.b[0].${key}`, 'forbiddenKey']]);
      expect(await issues(r, 'free', { data: JSON.parse(`{"${key}":{"isAdmin":true}}`) })).toEqual([
        [`data.${key}`, 'forbiddenKey'],
      ]);
      expect(received).toEqual([]);
    },
  );

  it('is refused in the extra keys of open objects and in @IsObject fields', async () => {
    const r = await registry();
    expect(
      await issues(r, 'free', { open: JSON.parse('{"id":"x","constructor":{"prototype":{"isAdmin":true}}}') }),
    ).toEqual([['open.constructor', 'forbiddenKey']]);
    expect(await issues(r, 'meta', { meta: JSON.parse('{"a":{"__proto__":{"isAdmin":true}}}') })).toEqual([
      ['meta.a.__proto__', 'forbiddenKey'],
    ]);
    expect(received).toEqual([]);
  });

  it('is refused inside JSON text parsed by coercion', async () => {
    const r = await registry(true);
    expect(await issues(r, 'free', { open: '{"id":"x","__proto__":{"isAdmin":true}}' })).toEqual([
      ['open.__proto__', 'forbiddenKey'],
    ]);
    expect(await issues(r, 'free', { open: '{"id":"x","extra":[{"__proto__":{"isAdmin":true}}]}' })).toEqual([
      ['open.extra[0].__proto__', 'forbiddenKey'],
    ]);
    expect(received).toEqual([]);
  });
});
