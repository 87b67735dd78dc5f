// An ES module consumer: "type": "module", TypeScript with "module": "nodenext".
import 'reflect-metadata';
import { Container } from 'inversify';
import { Arg, Tool, ToolRegistry, toolset } from 'hermes-tools';
import { toOpenAITools } from 'hermes-tools/providers';

@Tool({ name: 'math.add', description: 'Adds two numbers.' })
class Add {
  execute(@Arg('a') a: number, @Arg('b') b: number): number {
    return a + b;
  }
}

async function main(): Promise<void> {
  const container = new Container();
  await container.load(toolset({ name: 'math', tools: [Add] }));
  const registry = container.get(ToolRegistry);
  const outcome = await registry.dispatch('math.add', { a: 2, b: 3 });
  console.log(JSON.stringify({ format: typeof require === 'function' ? 'commonjs' : 'esm', outcome, openai: toOpenAITools(registry.definitions({ toolsets: ['math'] })).tools.length }));
}
await main();
