import { injectable } from 'inversify';
import { Arg, PermissionSet, Tool, toolset } from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

@Tool({ name: 'both', description: 'Marked @injectable() as well as @Tool.' })
@injectable()
class Both {
  execute(@Arg('n') n: number): number {
    return n;
  }
}

class Base {
  protected prefix = 'base';
}

@Tool({ name: 'derived', description: 'A tool class that extends another class.' })
class Derived extends Base {
  execute(@Arg('text') text: string): string {
    return `${this.prefix}:${text}`;
  }
}

describe('@Tool', () => {
  it('accepts a class that is also @injectable()', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'a', tools: [Both], granted: PermissionSet.all() }));
    await expect(registry.call('both', { n: 1 })).resolves.toBe(1);
  });

  it('works on a class that extends another', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'a', tools: [Derived], granted: PermissionSet.all() }));
    await expect(registry.call('derived', { text: 'x' })).resolves.toBe('base:x');
  });
});

@injectable()
@Tool({ name: 'both.reversed', description: 'Marked @injectable() above @Tool.' })
class BothReversed {
  execute(): string {
    return 'ok';
  }
}

it('accepts @injectable() above @Tool too', async () => {
  const { registry } = await buildRegistry(toolset({ name: 'a', tools: [BothReversed], granted: PermissionSet.all() }));
  await expect(registry.call('both.reversed', {})).resolves.toBe('ok');
});
