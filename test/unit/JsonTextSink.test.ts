import { Tool, ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { JSON_TEXT, JsonTextSink } from '../../src/registry/JsonTextSink.js';
import { buildRegistry } from '../support/buildRegistry.js';

@Tool({ name: 'doc.get', description: 'Gets a document.' })
class Get {
  execute(): { title: string } {
    return { title: 'notes' };
  }
}

describe('JsonTextSink', () => {
  it('keeps the JSON text dispatch made of an object result, for that outcome only', async () => {
    const { registry } = await buildRegistry(toolsModule({ results: false }), toolset({ name: 'doc', tools: [Get] }));
    const sink = new JsonTextSink();
    const outcome = await registry.dispatch('doc.get', {}, { [JSON_TEXT]: sink } as object);
    expect(sink.textOf(outcome)).toBe('{"title":"notes"}');
    expect(sink.textOf({ ...outcome })).toBeUndefined();
  });

  it('is honoured through a subclass that passes the options on, and gives no text for an outcome it replaced', async () => {
    const { registry } = await buildRegistry(toolsModule({ results: false }), toolset({ name: 'doc', tools: [Get] }));
    class Wrapping extends ToolRegistry {
      override async dispatch(name: string, args: unknown, options?: object) {
        const outcome = await super.dispatch(name, args, options);
        return outcome.ok ? { ...outcome, value: 'wrapped' } : outcome;
      }
    }
    const sink = new JsonTextSink();
    const outcome = await new Wrapping([registry.get('doc.get')]).dispatch('doc.get', {}, {
      [JSON_TEXT]: sink,
    } as object);
    expect(outcome).toMatchObject({ ok: true, value: 'wrapped' });
    expect(sink.textOf(outcome)).toBeUndefined();
  });
});
