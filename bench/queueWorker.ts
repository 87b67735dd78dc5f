// The tools of the queue benchmark, and the module its worker processes load (`hermes-tools worker --module`).
import { Arg, PermissionSet, Tool, toolset } from 'hermes-tools';
import { Container } from 'inversify';

@Tool({ name: 'bench.add', description: 'Adds two numbers.', idempotent: true })
export class BenchAdd {
  execute(@Arg('a') a: number, @Arg('b') b: number) {
    return a + b;
  }
}

@Tool({
  name: 'bench.io',
  description: 'Waits 10 ms, standing for a call to another service, then answers.',
  idempotent: true,
})
export class BenchIo {
  async execute(@Arg('n') n: number) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    return n;
  }
}

export const BENCH_QUEUE_TOOLS = [BenchAdd, BenchIo];

export async function container(): Promise<Container> {
  const c = new Container();
  await c.load(toolset({ name: 'bench', tools: BENCH_QUEUE_TOOLS, granted: PermissionSet.none() }));
  return c;
}
