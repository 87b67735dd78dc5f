// A Nest starter's main.ts: the tsconfig beside it is `nest new`'s up to Nest 11.0 ("module": "commonjs", no
// moduleResolution, so TypeScript 5 resolves as node10 and reads typesVersions, not exports), unchanged.
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Arg, Tool, ToolRegistry } from 'hermes-tools';
import { HermesToolsModule } from 'hermes-tools/nest';

@Injectable()
class Calculator {
  add(a: number, b: number): number {
    return a + b;
  }
}

@Injectable()
@Tool({ name: 'math.add', description: 'Adds two numbers.' })
class Add {
  constructor(private readonly calculator: Calculator) {}
  execute(@Arg('a') a: number, @Arg('b') b: number): number {
    return this.calculator.add(a, b);
  }
}

@Module({ imports: [HermesToolsModule.forRoot({ toolsets: [{ name: 'math', tools: [Add] }] })], providers: [Calculator, Add] })
class AppModule {}

async function bootstrap(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  try {
    const outcome = await app.get(ToolRegistry).dispatch('math.add', { a: 2, b: 3 });
    console.log(JSON.stringify({ format: typeof require === 'function' ? 'commonjs' : 'esm', outcome }));
  } finally {
    await app.close();
  }
}
bootstrap();
