import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { IsString, registerDecorator } from 'class-validator';
import {
  Example,
  type GuardRequest,
  Input,
  Tool,
  type ToolGuard,
  ToolRegistry,
  UseGuards,
  UseInterceptors,
} from 'hermes-tools';
import { HermesToolsModule } from 'hermes-tools/nest';

/** How often the example's text was validated: user code the registry build runs, once per build. */
const runs = { example: 0 };

function IsGreeting() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isGreeting',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (value: unknown) => {
          if (value === 'hello there') runs.example += 1;
          return typeof value === 'string' && value.startsWith('hello');
        },
        defaultMessage: () => '$property must start with hello',
      },
    });
}

class Greeting {
  @IsString() @IsGreeting() text!: string;
}

@Injectable()
class Greetings {
  echo(text: string): string {
    return `${text}!`;
  }
}

@Module({ providers: [Greetings], exports: [Greetings] })
class GreetingsModule {}

@Injectable()
class OnlyAnn implements ToolGuard {
  constructor(private readonly greetings: Greetings) {}
  canActivate({ caller }: GuardRequest): boolean | string {
    return caller === 'ann' || this.greetings.echo('ann only');
  }
}

@Injectable()
class Shout {
  intercept(input: unknown, _ctx: unknown, next: (input: unknown) => Promise<unknown>): Promise<unknown> {
    return next(input).then((value) => String(value).toUpperCase());
  }
}

// Not a provider of any module: Nest constructs it, its guard and its interceptor for hermes-tools.
@Tool({ name: 'greet', description: 'Echoes a greeting.' })
@UseGuards(OnlyAnn)
@UseInterceptors(Shout)
@Example({ description: 'A greeting', input: { text: 'hello there' } })
class Greet {
  constructor(private readonly greetings: Greetings) {}
  execute(@Input() input: Greeting): string {
    return this.greetings.echo(input.text);
  }
}

describe('the Nest registry build', () => {
  it('assembles the registry once, every class resolved from Nest first: an example is checked once, and the tool, its guard and its interceptor work', async () => {
    runs.example = 0;
    const moduleRef = await Test.createTestingModule({
      imports: [
        GreetingsModule,
        HermesToolsModule.forRoot({ imports: [GreetingsModule], toolsets: [{ name: 'greetings', tools: [Greet] }] }),
      ],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    try {
      await app.init();
      expect(runs.example).toBe(1);
      const registry = app.get(ToolRegistry);
      await expect(registry.call('greet', { text: 'hello you' }, { caller: 'ann' })).resolves.toBe('HELLO YOU!');
      expect(await registry.dispatch('greet', { text: 'hello you' }, { caller: 'bob' })).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining('ann only!') },
      });
    } finally {
      await app.close();
    }
  });
});
