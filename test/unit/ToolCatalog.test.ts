import { Tool, ToolDefinitionError, ToolNotFoundError, toolset, toolsModule } from 'hermes-tools';
import { LiveTools } from '../../src/registry/LiveTools.js';
import { ToolCatalog } from '../../src/registry/ToolCatalog.js';
import { buildRegistry } from '../support/buildRegistry.js';

@Tool({ name: 'fs.read', description: 'Reads a file.', tags: ['read'] })
class Read {
  execute(): string {
    return 'read';
  }
}

@Tool({ name: 'fs.write', description: 'Writes a file.', tags: ['write'] })
class Write {
  execute(): string {
    return 'written';
  }
}

async function tools() {
  const { registry } = await buildRegistry(
    toolsModule({ results: false }),
    toolset({ name: 'fs', tools: [Read, Write] }),
  );
  return [registry.get('fs.read'), registry.get('fs.write')] as const;
}

describe('ToolCatalog', () => {
  it('refuses a tool given twice and a copy of a tool, naming both in one ToolDefinitionError', async () => {
    const [read] = await tools();
    const attempt = () => ToolCatalog.of([read, read, { ...read }]);
    expect(attempt).toThrow(ToolDefinitionError);
    expect(attempt).toThrow(/declared twice[\s\S]*not a RegisteredTool/);
  });

  it('in a caller view, finds every tool but knows, lists and suggests only the listed ones', async () => {
    const [read, write] = await tools();
    const catalog = ToolCatalog.of([read, write], new Set(['fs.read']), { caller: 'ann' });
    expect(catalog.find('fs.write')).toBe(write);
    expect(catalog.knows('fs.write')).toBe(false);
    expect(catalog.list().map((t) => t.name)).toEqual(['fs.read']);
    expect(() => catalog.get('fs.write')).toThrow(ToolNotFoundError);
    expect(catalog.notFound('fs.writ').message).not.toContain('fs.write');
    expect(catalog.notFound('fs.raed').message).toContain('fs.read');
  });

  it('narrows by tag, keeping the caller and the listing of the view it narrows', async () => {
    const [read, write] = await tools();
    const narrowed = ToolCatalog.of([read, write], new Set(['fs.read']), { caller: 'ann' }).narrow({ tags: ['write'] });
    expect(narrowed.all().map((t) => t.name)).toEqual(['fs.write']);
    expect(narrowed.caller).toEqual({ caller: 'ann' });
    expect(narrowed.definitions()).toEqual([]);
  });

  it('reads its live sources on every lookup, through the filters of the views it was narrowed by', async () => {
    const [read, write] = await tools();
    const live = new LiveTools('fs');
    const catalog = ToolCatalog.of([], undefined, undefined, [{ tools: live, filters: [] }]);
    const writes = catalog.narrow({ tags: ['write'] });
    expect(catalog.all()).toEqual([]);
    expect(catalog.find('fs.read')).toBeUndefined();
    live.replace(
      new Map([
        ['fs.read', read],
        ['fs.write', write],
      ]),
    );
    expect(catalog.list().map((t) => t.name)).toEqual(['fs.read', 'fs.write']);
    expect(catalog.get('fs.write')).toBe(write);
    expect(writes.all()).toEqual([write]);
    expect(writes.find('fs.read')).toBeUndefined();
    expect(writes.knows('fs.write')).toBe(true);
    live.replace(new Map());
    expect(catalog.knows('fs.read')).toBe(false);
    expect(writes.all()).toEqual([]);
  });

  it('looks a fixed tool up before any live one of the same name', async () => {
    const [read, write] = await tools();
    const live = new LiveTools('other');
    live.replace(new Map([['fs.read', write]]));
    const catalog = ToolCatalog.of([read], undefined, undefined, [{ tools: live, filters: [] }]);
    expect(catalog.find('fs.read')).toBe(read);
  });
});
