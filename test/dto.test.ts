import { Exclude, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsDate,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInstance,
  IsDivisibleBy,
  IsInt,
  IsNegative,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Max,
  Min,
  MinLength,
  ValidateNested,
  registerDecorator,
  Validate,
  type ValidationArguments,
  type ValidationOptions,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import {
  Description,
  Input,
  PermissionSet,
  Tool,
  ToolDefinitionError,
  toolset,
  toolsModule,
  ToolValidationError,
} from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

function IsEven(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isEven',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (v: unknown) => typeof v === 'number' && v % 2 === 0,
        defaultMessage: () => '$property must be even',
      },
    });
}

class Author {
  @IsString() @MinLength(1) name!: string;
  @IsEmail() @Description('Where to reach the author.') email!: string;
}

class LineItem {
  @IsString() sku!: string;
  @IsInt() @Min(1) @Max(99) quantity!: number;
  @IsOptional() @IsEven() pack?: number;
}

class CreateOrder {
  @IsDefined() @ValidateNested() @Type(() => Author) author!: Author;
  @IsArray()
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => LineItem)
  @Description('What to order.')
  items!: LineItem[];
  @IsIn(['standard', 'express']) shipping: string = 'standard';
  @IsOptional() @IsString({ each: true }) tags?: string[];
}

let received: unknown;

@Tool({ name: 'orders.create', description: 'Create an order.' })
class CreateOrderTool {
  execute(@Input() input: CreateOrder): string {
    received = input;
    return 'created';
  }
}

async function registry() {
  return (await buildRegistry(toolset({ name: 'orders', tools: [CreateOrderTool], granted: PermissionSet.all() })))
    .registry;
}

const valid = {
  author: { name: 'Ada', email: 'ada@example.org' },
  items: [
    { sku: 'A1', quantity: 2 },
    { sku: 'B2', quantity: 1, pack: 4 },
  ],
};

describe('@Input DTO tools', () => {
  it('show the DTO as JSON Schema, nested DTOs inlined, custom constraints named', async () => {
    const [definition] = (await registry()).definitions();
    expect(definition!.inputSchema).toEqual({
      type: 'object',
      properties: {
        author: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1 },
            email: {
              type: 'string',
              pattern: '@',
              description: 'Where to reach the author. Must also satisfy: isEmail.',
            },
          },
          required: ['name', 'email'],
          additionalProperties: false,
        },
        items: {
          type: 'array',
          maxItems: 3,
          description: 'What to order.',
          items: {
            type: 'object',
            properties: {
              sku: { type: 'string' },
              quantity: { type: 'integer', minimum: 1, maximum: 99 },
              // Declared a number, but no check says so: class-validator takes any value isEven takes.
              pack: { description: 'Must also satisfy: isEven.' },
            },
            required: ['sku', 'quantity'],
            additionalProperties: false,
          },
        },
        shipping: { type: 'string', enum: ['standard', 'express'], default: 'standard' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['author', 'items'],
      additionalProperties: false,
    });
  });

  it("show a property's @Description from the nearest class that gives one, through the class's ancestors", async () => {
    class Addressed {
      @IsString() @Description('Who it is for.') to!: string;
      @IsString() @Description('What to say.') text!: string;
    }
    class Greeting extends Addressed {
      @IsOptional() @IsString() tone?: string;
    }
    class LoudGreeting extends Greeting {
      @IsString() @Description('What to shout.') declare text: string;
    }
    @Tool({ name: 'greet', description: 'x' })
    class GreetTool {
      execute(@Input() input: LoudGreeting): string {
        return input.text;
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'g', tools: [GreetTool], granted: PermissionSet.all() }),
    );
    const schema = r.get('greet').definition.inputSchema as { properties: Record<string, { description?: string }> };
    expect(Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, v.description]))).toEqual({
      to: 'Who it is for.',
      text: 'What to shout.',
      tone: undefined,
    });
  });

  it('read a DTO whose prototype chain ends without Object.prototype, its undescribed property included', async () => {
    class Bare {
      @IsString() @Description('Who it is for.') to!: string;
      @IsString() text!: string;
    }
    Object.setPrototypeOf(Bare.prototype, null);
    @Tool({ name: 'bare', description: 'x' })
    class BareTool {
      execute(@Input() input: Bare): string {
        return `${input.to}:${input.text}`;
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'b', tools: [BareTool], granted: PermissionSet.all() }),
    );
    const schema = r.get('bare').definition.inputSchema as { properties: Record<string, { description?: string }> };
    expect(Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, v.description]))).toEqual({
      to: 'Who it is for.',
      text: undefined,
    });
    expect(await r.dispatch('bare', { to: 'ann', text: 'hi' })).toMatchObject({ ok: true, value: 'ann:hi' });
  });

  it("show a @Description written by another copy of hermes-tools in the process: its key is Symbol.for('hermes-tools:description')", async () => {
    class Noted {
      @IsString() text!: string;
      @IsString() other!: string;
    }
    // What @Description of another copy (another version, or the CommonJS build beside this one) writes.
    Reflect.defineMetadata(Symbol.for('hermes-tools:description'), 'Written elsewhere.', Noted.prototype, 'text');
    @Tool({ name: 'noted', description: 'x' })
    class NotedTool {
      execute(@Input() input: Noted): string {
        return input.text;
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'n', tools: [NotedTool], granted: PermissionSet.all() }),
    );
    const schema = r.get('noted').definition.inputSchema as { properties: Record<string, { description?: string }> };
    expect(Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, v.description]))).toEqual({
      text: 'Written elsewhere.',
      other: undefined,
    });
  });

  it('hand the handler a DTO instance, nested instances and defaults included', async () => {
    await expect((await registry()).call('orders.create', valid)).resolves.toBe('created');
    const order = received as CreateOrder;
    expect(order).toBeInstanceOf(CreateOrder);
    expect(order.author).toBeInstanceOf(Author);
    expect(order.items[1]).toBeInstanceOf(LineItem);
    expect(order.shipping).toBe('standard');
  });

  it('look a nested class up once, however many tools take the DTO: its @Type thunk does not run again on later calls', async () => {
    let lookups = 0;
    class Memo {
      @IsString() text!: string;
    }
    class Noted {
      @ValidateNested()
      @Type(() => {
        lookups++;
        return Memo;
      })
      memo!: Memo;
    }
    @Tool({ name: 'noted', description: 'A nested DTO.' })
    class NotedTool {
      execute(@Input() input: Noted): string {
        return input.memo instanceof Memo ? input.memo.text : 'not a Memo';
      }
    }
    @Tool({ name: 'noted.again', description: 'The same nested DTO.' })
    class NotedAgainTool {
      execute(@Input() input: Noted): string {
        return input.memo instanceof Memo ? `again ${input.memo.text}` : 'not a Memo';
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'n', tools: [NotedTool, NotedAgainTool], granted: PermissionSet.all() }),
    );
    expect(await r.call('noted', { memo: { text: 'first' } })).toBe('first');
    const afterFirst = lookups;
    expect(await r.call('noted', { memo: { text: 'second' } })).toBe('second');
    // The DTO is compiled once, for both tools: the other tool's first call looks nothing up.
    expect(await r.call('noted.again', { memo: { text: 'third' } })).toBe('again third');
    expect(lookups).toBe(afterFirst);
  });

  it('refuse a nested value whose @Type thunk returns no class after the registry was built, rather than hand it on unchecked', async () => {
    let gone: unknown = false;
    class Memo {
      @IsString() text!: string;
    }
    class Noted {
      @ValidateNested()
      @Type(() => (gone === false ? Memo : (gone as never)))
      memo!: Memo;
    }
    let handled = 0;
    @Tool({ name: 'noted.gone', description: 'A nested DTO whose class goes missing.' })
    class GoneTool {
      execute(@Input() _input: Noted): string {
        handled++;
        return 'ok';
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'n', tools: [GoneTool], granted: PermissionSet.all() }),
    );
    const message =
      'memo could not be checked: the tool names no class for it (its @Type thunk returned none); the tool is at fault, not the arguments';
    for (const missing of [undefined, null]) {
      gone = missing;
      const outcome = await r.dispatch('noted.gone', { memo: { text: 5, extra: 1 } });
      expect(outcome.ok ? [] : outcome.error.issues).toEqual([{ path: 'memo', message, constraint: 'not_a_class' }]);
    }
    expect(handled).toBe(0);
    // Once the thunk gives the class again, the value is checked by it.
    gone = false;
    expect(await r.dispatch('noted.gone', { memo: { text: 'x' } })).toMatchObject({ ok: true, value: 'ok' });
  });

  it.each([
    ['null', { tags: null, items: [{ sku: 'A1', quantity: 2, pack: null }] }],
    ['undefined', { tags: undefined, items: [{ sku: 'A1', quantity: 2, pack: undefined }] }],
    ['a missing key', { items: [{ sku: 'A1', quantity: 2 }] }],
  ])(
    'read %s for an @IsOptional() field as absent: no check runs, the handler gets undefined',
    async (_label, fields) => {
      await expect((await registry()).call('orders.create', { author: valid.author, ...fields })).resolves.toBe(
        'created',
      );
      const order = received as CreateOrder;
      expect(order.tags).toBeUndefined();
      expect(order.items[0]!.pack).toBeUndefined();
    },
  );

  it('still check an @IsOptional() field that is present', async () => {
    const outcome = await (await registry()).dispatch('orders.create', {
      author: valid.author,
      items: [{ sku: 'A1', quantity: 2, pack: 3 }],
      tags: [1],
    });
    expect(outcome.ok ? [] : outcome.error.issues?.map((i) => [i.path, i.constraint])).toEqual([
      ['items[0].pack', 'isEven'],
      ['tags[0]', 'isString'],
    ]);
  });

  it('leave an @IsOptional() field whose default is null unchecked, as class-validator does: the handler gets the null', async () => {
    class Labelled {
      @IsString() text!: string;
      @IsOptional() @IsString() label: string | null = null;
    }
    let seen: unknown = 'not called';
    @Tool({ name: 'labelled', description: 'x' })
    class LabelledTool {
      execute(@Input() input: Labelled): string {
        seen = input.label;
        return 'ok';
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'd', tools: [LabelledTool], granted: PermissionSet.all() }),
    );
    for (const args of [{ text: 'a' }, { text: 'a', label: null }]) {
      seen = 'not called';
      expect([args, await r.dispatch('labelled', args)]).toMatchObject([args, { ok: true, value: 'ok' }]);
      expect(seen).toBeNull();
    }
    const outcome = await r.dispatch('labelled', { text: 'a', label: 5 });
    expect(outcome.ok ? [] : outcome.error.issues).toEqual([
      { path: 'label', message: 'label must be a string', constraint: 'isString' },
    ]);
  });

  it('name a null for an @IsDefined() nested DTO once, as not defined: not also as a value its class could not look into', async () => {
    const outcome = await (await registry()).dispatch('orders.create', { author: null, items: [] });
    expect(outcome.ok ? [] : outcome.error.issues).toEqual([
      { path: 'author', message: 'author should not be null or undefined', constraint: 'isDefined' },
    ]);
  });

  it.each([
    ['null', null, 'isIn'],
    ['undefined', undefined, undefined],
    ['a missing key', 'missing', undefined],
  ])(
    'read %s for a field with a default but no @IsOptional(): only a value that is absent gets the default',
    async (_label, shipping, constraint) => {
      const args: Record<string, unknown> = { ...valid };
      if (shipping !== 'missing') args.shipping = shipping;
      const outcome = await (await registry()).dispatch('orders.create', args);
      if (constraint === undefined)
        expect([outcome.ok, (received as CreateOrder).shipping]).toEqual([true, 'standard']);
      else
        expect(outcome.ok ? [] : outcome.error.issues?.map((i) => [i.path, i.constraint])).toEqual([
          ['shipping', constraint],
        ]);
    },
  );

  it('report every issue at its path, nested ones included, custom constraints too', async () => {
    const error = await (await registry())
      .call('orders.create', {
        author: { name: '', email: 'nope', phone: 1 },
        items: [
          { sku: 1, quantity: 0 },
          { sku: 'x', quantity: 1, pack: 3 },
        ],
        shipping: 'drone',
        tags: 'a',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolValidationError);
    expect((error as ToolValidationError).issues.map((i) => [i.path, i.constraint])).toEqual([
      ['author.phone', 'whitelistValidation'],
      ['author.name', 'minLength'],
      ['author.email', 'isEmail'],
      ['items[0].sku', 'isString'],
      ['items[0].quantity', 'min'],
      ['items[1].pack', 'isEven'],
      ['shipping', 'isIn'],
      ['tags', 'isArray'],
    ]);
    expect((error as ToolValidationError).issues[5]!.message).toBe('items[1].pack must be even');
  });

  it('reject unknown keys, non-objects and polluting keys at every level', async () => {
    const r = await registry();
    const hostile = JSON.parse(
      '{"author":{"name":"a","email":"a@b.co","__proto__":{"x":1}},"items":[],"constructor":{}}',
    );
    const outcome = await r.dispatch('orders.create', hostile);
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'constructor' }, { path: 'author.__proto__' }] },
    });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(await r.dispatch('orders.create', { ...valid, author: 'Ada' })).toMatchObject({
      ok: false,
      error: { issues: [{ path: 'author', constraint: 'isObject' }] },
    });
  });

  it('check the default of an @Exclude()d field, and of an @IsOptional() field sent as null, as when its key is missing', async () => {
    class Defaults {
      @Exclude() @IsIn(['user', 'admin']) role = 'guest';
      @IsOptional() @IsIn(['a', 'b']) mode = 'c';
    }
    @Tool({ name: 'defaults', description: 'Defaults that fail their own checks.' })
    class DefaultsTool {
      execute(@Input() _input: Defaults): string {
        return 'ok';
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'd', tools: [DefaultsTool], granted: PermissionSet.all() }),
    );
    for (const args of [{}, { mode: null }, { mode: undefined }, { role: 'admin', mode: null }]) {
      const outcome = await r.dispatch('defaults', args);
      expect([args, outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.constraint])]).toEqual([
        args,
        [
          ['role', 'isIn'],
          ['mode', 'isIn'],
        ],
      ]);
    }
  });

  it('count every problem past maxIssues, those found reading a field and those found checking one', async () => {
    class Three {
      @IsString() a!: string;
      @IsString() b!: string;
      @IsString() c!: string;
    }
    @Tool({ name: 'three', description: 'Three strings.' })
    class ThreeTool {
      execute(@Input() _input: Three): string {
        return 'ok';
      }
    }
    const module = toolsModule({ limits: { maxIssues: 1, maxStringLength: 3 } });
    const { registry: r } = await buildRegistry(
      module,
      toolset({ name: 'd', tools: [ThreeTool], granted: PermissionSet.all() }),
    );
    // a and b are too long (found reading them), c is no string (found checking it).
    const outcome = await r.dispatch('three', { a: 'xxxx', b: 'xxxx', c: 5 });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.message])).toEqual([
      ['a', 'a is too long (4 characters, more than the 3 allowed)'],
      ['', '…and 2 more problems not listed'],
    ]);
  });

  it('past maxIssues, run nothing more on a field that failed a limit or its conversion: no conversion or check counted as a further problem', async () => {
    class Two {
      @IsString() a!: string;
      @Type(() => Date) @IsDate() b!: Date;
      @IsString() c!: string;
    }
    @Tool({ name: 'two', description: 'Strings and a date.' })
    class TwoTool {
      execute(@Input() _input: Two): string {
        return 'ok';
      }
    }
    const module = toolsModule({ limits: { maxIssues: 1, maxStringLength: 3 } });
    const { registry: r } = await buildRegistry(
      module,
      toolset({ name: 'd', tools: [TwoTool], granted: PermissionSet.all() }),
    );
    // a and b are too long, found reading them (b past maxIssues); were b then converted, its text (no date) would be
    // one more problem.
    const outcome = await r.dispatch('two', { a: 'xxxx', b: 'xxxx', c: 5 });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.message])).toEqual([
      ['a', 'a is too long (4 characters, more than the 3 allowed)'],
      ['', '…and 2 more problems not listed'],
    ]);
    // b within the limits but no date: its failed conversion, past maxIssues, is one problem; its @IsDate is not run on
    // it.
    const unconverted = await r.dispatch('two', { a: 'xxxx', b: 'abc', c: 5 });
    expect(unconverted.ok ? [] : unconverted.error.issues!.map((i) => [i.path, i.message])).toEqual([
      ['a', 'a is too long (4 characters, more than the 3 allowed)'],
      ['', '…and 2 more problems not listed'],
    ]);
  });

  it('keep a default the DTO builds itself (not sent, so not copied or bounded as JSON)', async () => {
    class Clock {
      readonly zone = 'UTC';
    }
    class WithDefault {
      @IsString() name!: string;
      @IsInstance(Clock) clock: Clock = new Clock();
    }
    let seen: unknown;
    @Tool({ name: 'with.default', description: 'x' })
    class WithDefaultTool {
      execute(@Input() input: WithDefault): string {
        seen = input.clock;
        return 'ok';
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'd', tools: [WithDefaultTool], granted: PermissionSet.all() }),
    );
    expect(await r.dispatch('with.default', { name: 'a' })).toMatchObject({ ok: true });
    expect(seen).toBeInstanceOf(Clock);
    expect(await r.dispatch('with.default', { name: 'a', clock: { zone: 'UTC' } })).toMatchObject({
      ok: false,
      error: { issues: [{ path: 'clock', constraint: 'isInstance' }] },
    });
  });

  it('show the model a default that is JSON (null, a string, an array), and none that is not (a function, a BigInt, a cycle)', async () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    class Defaults {
      @IsOptional() @IsString() label: string | null = null;
      @IsOptional() @IsString() name = 'x';
      @IsOptional() @IsArray() tags: string[] = ['a'];
      @Allow() make: () => string = () => 'x';
      @Allow() big: bigint = 1n;
      @Allow() loop: unknown = cycle;
    }
    @Tool({ name: 'defaults', description: 'x' })
    class DefaultsTool {
      execute(@Input() input: Defaults): string {
        return input.name;
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'd', tools: [DefaultsTool], granted: PermissionSet.all() }),
    );
    expect(r.definitions()[0]!.inputSchema).toStrictEqual({
      type: 'object',
      properties: {
        label: { type: 'string', default: null },
        name: { type: 'string', default: 'x' },
        tags: { type: 'array', items: {}, default: ['a'] },
        make: {},
        big: {},
        loop: {},
      },
      required: [],
      additionalProperties: false,
    });
  });

  it('take a DTO that nests itself: shown once, then named; checked at every depth', async () => {
    class TreeNode {
      @IsString() name!: string;
      @IsOptional() @ValidateNested({ each: true }) @Type(() => TreeNode) children?: TreeNode[];
    }
    @Tool({ name: 'tree', description: 'x' })
    class TreeTool {
      execute(@Input() input: TreeNode): string {
        return input.children?.[0]?.children?.[0]?.name ?? '';
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 't', tools: [TreeTool], granted: PermissionSet.all() }),
    );
    expect(r.definitions()[0]!.inputSchema).toStrictEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: {
          type: 'array',
          items: {
            type: 'object',
            properties: {},
            required: [],
            additionalProperties: true,
            description: 'A TreeNode, as above.',
          },
        },
      },
      required: ['name'],
      additionalProperties: false,
    });
    expect(await r.dispatch('tree', { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] })).toMatchObject(
      { ok: true, value: 'c' },
    );
    expect(await r.dispatch('tree', { name: 'a', children: [{ name: 'b', children: [{ name: 3 }] }] })).toMatchObject({
      ok: false,
      error: { issues: [{ path: 'children[0].children[0].name', constraint: 'isString' }] },
    });
  });

  it('take a nested DTO with no checks of its own (only the top one must have some): it accepts an empty object only', async () => {
    class Nothing {}
    class Holder {
      @IsString() name!: string;
      @ValidateNested() @Type(() => Nothing) inner!: Nothing;
    }
    @Tool({ name: 'holder', description: 'x' })
    class HolderTool {
      execute(@Input() input: Holder): string {
        return input.inner instanceof Nothing ? 'nothing' : 'other';
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'h', tools: [HolderTool], granted: PermissionSet.all() }),
    );
    expect(await r.dispatch('holder', { name: 'a', inner: {} })).toMatchObject({ ok: true, value: 'nothing' });
    expect(await r.dispatch('holder', { name: 'a', inner: { x: 1 } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'inner.x' }] },
    });
  });

  it('report an async check that rejects as a failed check, with its own message', async () => {
    @ValidatorConstraint({ name: 'lookedUp', async: true })
    class LookedUp implements ValidatorConstraintInterface {
      async validate(value: unknown): Promise<boolean> {
        await Promise.resolve();
        if (value === 'down') throw new Error('the directory is down');
        return value === 'known';
      }
      defaultMessage(args: ValidationArguments): string {
        return `${args.property} must be a known user`;
      }
    }
    class Lookup {
      @Validate(LookedUp) user!: string;
    }
    @Tool({ name: 'lookup', description: 'x' })
    class LookupTool {
      execute(@Input() input: Lookup): string {
        return input.user;
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'd', tools: [LookupTool], granted: PermissionSet.all() }),
    );
    expect(await r.dispatch('lookup', { user: 'known' })).toMatchObject({ ok: true, value: 'known' });
    for (const user of ['unknown', 'down']) {
      const outcome = await r.dispatch('lookup', { user });
      expect(outcome.ok ? [] : outcome.error.issues).toEqual([
        { path: 'user', message: 'user must be a known user', constraint: 'lookedUp' },
      ]);
    }
  });

  it('give each check its own constraints, even a check that reads them after it awaited', async () => {
    @ValidatorConstraint({ name: 'atMostLater', async: true })
    class AtMostLater implements ValidatorConstraintInterface {
      async validate(value: unknown, args: ValidationArguments): Promise<boolean> {
        await Promise.resolve();
        return typeof value === 'number' && value <= (args.constraints[0] as number);
      }
    }
    /** Declared synchronous, answers with a promise anyway, and reads its arguments after awaiting. */
    @ValidatorConstraint({ name: 'multipleLater' })
    class MultipleLater implements ValidatorConstraintInterface {
      async validate(value: unknown, args: ValidationArguments): Promise<boolean> {
        await Promise.resolve();
        return typeof value === 'number' && value % (args.constraints[0] as number) === 0;
      }
    }
    class Limits {
      // Registered first, so checked first: the checks after them would change shared arguments.
      @Max(1000) @Validate(AtMostLater, [10]) a!: number;
      @Max(1000) @Validate(MultipleLater, [3]) b!: number;
    }
    @Tool({ name: 'limits', description: 'x' })
    class LimitsTool {
      execute(@Input() input: Limits): string {
        return `${input.a} ${input.b}`;
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'd', tools: [LimitsTool], granted: PermissionSet.all() }),
    );
    expect(await r.dispatch('limits', { a: 10, b: 999 })).toMatchObject({ ok: true, value: '10 999' });
    // Were the arguments changed under them by @Max, both would be checked against 1000, and pass.
    const outcome = await r.dispatch('limits', { a: 11, b: 1000 });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!outcome.ok)
      expect(outcome.error.issues?.map((i) => `${i.path} ${i.constraint}`).sort()).toEqual([
        'a atMostLater',
        'b multipleLater',
      ]);
  });

  it("word a failed check's message with its arguments as declared, as class-validator does, whatever the check did to its own, before or after awaiting", async () => {
    @ValidatorConstraint({ name: 'belowLater', async: true })
    class BelowLater implements ValidatorConstraintInterface {
      async validate(value: unknown, args: ValidationArguments): Promise<boolean> {
        await Promise.resolve();
        args.constraints = ['changed after awaiting'];
        return typeof value === 'number' && value < 10;
      }
      defaultMessage(args: ValidationArguments): string {
        return `${args.property} must be below ${String(args.constraints[0])}`;
      }
    }
    @ValidatorConstraint({ name: 'belowNow' })
    class BelowNow implements ValidatorConstraintInterface {
      validate(value: unknown, args: ValidationArguments): boolean {
        args.constraints = ['changed before answering'];
        return typeof value === 'number' && value < 10;
      }
      defaultMessage(args: ValidationArguments): string {
        return `${args.property} must be below ${String(args.constraints[0])}`;
      }
    }
    class Below {
      @Validate(BelowLater, [10]) a!: number;
      @Validate(BelowNow, [10]) b!: number;
    }
    @Tool({ name: 'below', description: 'x' })
    class BelowTool {
      execute(@Input() input: Below): string {
        return `${input.a} ${input.b}`;
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'd', tools: [BelowTool], granted: PermissionSet.all() }),
    );
    expect(await r.dispatch('below', { a: 9, b: 9 })).toMatchObject({ ok: true, value: '9 9' });
    const outcome = await r.dispatch('below', { a: 10, b: 10 });
    expect(outcome.ok ? [] : outcome.error.issues?.map((i) => `${i.path}: ${i.message}`).sort()).toEqual([
      'a: a must be below 10',
      'b: b must be below 10',
    ]);
  });

  it('give a check the value, the whole instance, the class name, the property and its constraints, as class-validator does', async () => {
    const seen: unknown[] = [];
    @ValidatorConstraint({ name: 'sameAs' })
    class SameAs implements ValidatorConstraintInterface {
      validate(value: unknown, args: ValidationArguments): boolean {
        seen.push([args.value, args.targetName, args.property, args.constraints]);
        return value === (args.object as Record<string, unknown>)[args.constraints[0] as string];
      }
      defaultMessage(args: ValidationArguments): string {
        return `${args.property} must match ${String(args.constraints[0])}`;
      }
    }
    class SignUp {
      @IsString() password!: string;
      // After @IsString(), which runs on the same arguments object.
      @IsString() @Validate(SameAs, ['password']) confirm!: string;
    }
    @Tool({ name: 'sign.up', description: 'x' })
    class SignUpTool {
      execute(@Input() input: SignUp): string {
        return input.confirm;
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'd', tools: [SignUpTool], granted: PermissionSet.all() }),
    );
    // Building the registry asks each check about an absent value (is the property required?); only the call's checks
    // are looked at.
    seen.length = 0;
    expect(await r.dispatch('sign.up', { password: 'secret', confirm: 'secret' })).toMatchObject({
      ok: true,
      value: 'secret',
    });
    expect(seen).toEqual([['secret', 'SignUp', 'confirm', ['password']]]);
    const outcome = await r.dispatch('sign.up', { password: 'secret', confirm: 'secrets' });
    expect(outcome.ok ? [] : outcome.error.issues).toEqual([
      { path: 'confirm', message: 'confirm must match password', constraint: 'sameAs' },
    ]);
  });

  it('report a check that throws as a failed check, with its own message, not as a crash or a pass', async () => {
    @ValidatorConstraint({ name: 'isHttpsUrl' })
    class IsHttpsUrl implements ValidatorConstraintInterface {
      validate(value: unknown): boolean {
        // new URL throws on text that is no URL at all.
        return new URL(String(value)).protocol === 'https:';
      }
      defaultMessage(args: ValidationArguments): string {
        return `${args.property} must be an https URL`;
      }
    }
    class Site {
      @Validate(IsHttpsUrl) url!: string;
    }
    @Tool({ name: 'site', description: 'x' })
    class SiteTool {
      execute(@Input() input: Site): string {
        return input.url;
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'd', tools: [SiteTool], granted: PermissionSet.all() }),
    );
    expect(await r.dispatch('site', { url: 'https://example.org/' })).toMatchObject({
      ok: true,
      value: 'https://example.org/',
    });
    for (const url of ['http://example.org/', 'not a url']) {
      const outcome = await r.dispatch('site', { url });
      expect([url, outcome.ok ? [] : outcome.error.issues]).toEqual([
        url,
        [{ path: 'url', message: 'url must be an https URL', constraint: 'isHttpsUrl' }],
      ]);
    }
  });

  it('refuse a DTO with no class-validator decorators when the registry is built (empty_dto): it would accept no property', async () => {
    class Undecorated {
      name = 'x';
    }
    @Tool({ name: 'undecorated', description: 'x' })
    class UndecoratedTool {
      execute(@Input() input: Undecorated): string {
        return input.name;
      }
    }
    const error = await buildRegistry(
      toolset({ name: 'd', tools: [UndecoratedTool], granted: PermissionSet.all() }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as ToolDefinitionError).details).toEqual([
      {
        where: 'UndecoratedTool.execute parameter #1',
        code: 'empty_dto',
        message:
          'Undecorated has no class-validator decorators, so it accepts no property; decorate its properties (@IsString() …)',
      },
    ]);
  });
});

describe('a DTO under toolsModule({ coerce: true })', () => {
  class CoercedNote {
    @IsString() text!: string;
  }
  class Coerced {
    @IsInt() count!: number;
    @IsInt() @IsIn([1, 2, 3]) choice!: number;
    @Type(() => Number) @IsDefined() amount!: number;
    @IsBoolean() flag!: boolean;
    @IsArray() list!: string[];
    @IsString({ each: true }) each!: string[];
    @ValidateNested() @Type(() => CoercedNote) note!: CoercedNote;
    @ValidateNested({ each: true }) @Type(() => CoercedNote) notes!: CoercedNote[];
    @IsString() text!: string;
  }
  let got: unknown;
  @Tool({ name: 'coerced', description: 'Each kind of DTO property, as text.' })
  class CoercedTool {
    execute(@Input() input: Coerced): string {
      got = input;
      return 'ok';
    }
  }
  const asText = {
    count: '3',
    choice: '2',
    amount: '2.5',
    flag: 'true',
    list: '["a"]',
    each: '["b"]',
    note: '{"text":"x"}',
    notes: '[{"text":"y"}]',
    text: '42',
  };

  it('coerces each property by what it declares (a number, a boolean, an array, a nested object), and a string not at all', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true }),
      toolset({ name: 't', tools: [CoercedTool], granted: PermissionSet.all() }),
    );
    expect(await registry.call('coerced', asText)).toBe('ok');
    // An array is parsed only from text that is an array, an object only from text that is an object.
    const wrong = await registry
      .call('coerced', { ...asText, each: '{"a":1}', note: '["x"]' })
      .catch((e: unknown) => e);
    expect((wrong as ToolValidationError).issues.map((i) => i.message)).toEqual([
      'each must be an array, got "{\\"a\\":1}"',
      'note must be an object, got "[\\"x\\"]"',
    ]);
    expect(await registry.call('coerced', asText)).toBe('ok');
    expect(got).toEqual({
      count: 3,
      choice: 2,
      amount: 2.5,
      flag: true,
      list: ['a'],
      each: ['b'],
      note: { text: 'x' },
      notes: [{ text: 'y' }],
      text: '42',
    });
  });

  it('coerces numeric text for a @Type(() => Number) before the string limits: 4, 5 and 6 digits under maxStringLength 5 are all numbers', async () => {
    class Amount {
      @Type(() => Number) @IsDefined() amount!: number;
    }
    let amount: unknown;
    @Tool({ name: 'amount', description: 'A number given as text.' })
    class AmountTool {
      execute(@Input() input: Amount): string {
        amount = input.amount;
        return 'ok';
      }
    }
    const module = toolsModule({ coerce: true, limits: { maxStringLength: 5 } });
    const { registry } = await buildRegistry(
      module,
      toolset({ name: 't', tools: [AmountTool], granted: PermissionSet.all() }),
    );
    for (const [text, value] of [
      ['1234', 1234],
      ['12345', 12345],
      ['123456', 123456],
    ] as const) {
      expect(await registry.dispatch('amount', { amount: text })).toMatchObject({ ok: true, value: 'ok' });
      expect(amount).toBe(value);
    }
    // Text that is no number is a string: held to the limit, then converted as class-transformer does.
    expect(await registry.dispatch('amount', { amount: 'x'.repeat(6) })).toMatchObject({
      ok: false,
      error: { issues: [{ path: 'amount', constraint: 'limit' }] },
    });
  });

  it('coerces text to a number for each numeric constraint alone: @IsNumber, @Min, @Max, @IsPositive, @IsNegative, @IsDivisibleBy', async () => {
    class Numeric {
      @IsNumber() number!: number;
      @Min(1) min!: number;
      @Max(9) max!: number;
      @IsPositive() positive!: number;
      @IsNegative() negative!: number;
      @IsDivisibleBy(2) even!: number;
    }
    let numbers: unknown;
    @Tool({ name: 'numeric', description: 'Numbers checked one way each.' })
    class NumericTool {
      execute(@Input() input: Numeric): string {
        numbers = { ...input };
        return 'ok';
      }
    }
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true }),
      toolset({ name: 't', tools: [NumericTool], granted: PermissionSet.all() }),
    );
    const asText = { number: '1.5', min: '2', max: '8', positive: '3', negative: '-3', even: '4' };
    expect(await registry.dispatch('numeric', asText)).toMatchObject({ ok: true, value: 'ok' });
    expect(numbers).toEqual({ number: 1.5, min: 2, max: 8, positive: 3, negative: -3, even: 4 });
  });

  it('parses JSON text as an array for @IsArray or an { each: true } check, whatever type the property is declared with', async () => {
    class Untyped {
      @IsArray() list!: unknown;
      @IsString({ each: true }) each!: unknown;
    }
    let seen: unknown;
    @Tool({ name: 'untyped', description: 'Arrays declared as unknown.' })
    class UntypedTool {
      execute(@Input() input: Untyped): string {
        seen = { ...input };
        return 'ok';
      }
    }
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true }),
      toolset({ name: 't', tools: [UntypedTool], granted: PermissionSet.all() }),
    );
    expect(await registry.dispatch('untyped', { list: '[1]', each: '["a"]' })).toMatchObject({ ok: true, value: 'ok' });
    expect(seen).toEqual({ list: [1], each: ['a'] });
  });

  it('parses JSON text only as deep as maxDepth allows: nested at the limit it is parsed, deeper it stays text', async () => {
    class Grid {
      @IsArray() grid!: unknown[];
    }
    @Tool({ name: 'grid', description: 'An array as text.' })
    class GridTool {
      execute(@Input() input: Grid): string {
        return JSON.stringify(input.grid);
      }
    }
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true, limits: { maxDepth: 4 } }),
      toolset({ name: 't', tools: [GridTool], granted: PermissionSet.all() }),
    );
    expect(await registry.dispatch('grid', { grid: '[[]]' })).toMatchObject({ ok: true, value: '[[]]' });
    expect(await registry.dispatch('grid', { grid: '[[[]]]' })).toMatchObject({ ok: true, value: '[[[]]]' });
    const outcome = await registry.dispatch('grid', { grid: '[[[[]]]]' });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => i.message)).toEqual(['grid must be an array']);
  });

  it('coerces nothing without it (a @Type(() => Number) still converts, as class-transformer does)', async () => {
    const { registry } = await buildRegistry(
      toolset({ name: 't', tools: [CoercedTool], granted: PermissionSet.all() }),
    );
    const error = await registry.call('coerced', asText).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolValidationError);
    expect((error as ToolValidationError).issues.map((i) => `${i.path} ${i.constraint}`)).toEqual([
      'count isInt',
      'choice isIn',
      'choice isInt',
      'flag isBoolean',
      'list isArray',
      'each isArray',
      'note isObject',
      'notes isObject',
    ]);
  });
});
