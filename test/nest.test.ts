import 'reflect-metadata';
import { Injectable, Module, Scope } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  type ApprovalRequest,
  Arg,
  type AuditRecord,
  type AuditSink,
  type NextFunction,
  PermissionDeniedError,
  PermissionSet,
  Permissions,
  RequiresApproval,
  Tool,
  type ToolApprover,
  type ToolContext,
  ToolDefinitionError,
  type ToolInterceptor,
  ToolRegistry,
  type GuardRequest,
  type ToolGuard,
} from 'hermes-tools';
import { HermesToolsModule } from 'hermes-tools/nest';
import { AppModule } from './fixtures/readmeNest.js';

@Injectable()
class UsersService {
  readonly #names = new Map([
    ['1', 'Ann'],
    ['2', 'Bob'],
  ]);
  name(id: string): string {
    return this.#names.get(id) ?? 'nobody';
  }
  isAdmin(user: unknown): boolean {
    return user === 'ann';
  }
}

@Module({ providers: [UsersService], exports: [UsersService] })
class UsersModule {}

@Injectable()
@Tool({ name: 'users.find', description: 'Finds a user by id.' })
class FindUser {
  constructor(private readonly users: UsersService) {}
  execute(@Arg('id') id: string): string {
    return this.users.name(id);
  }
}

@Injectable()
class Ledger {
  total(): number {
    return 42;
  }
}

@Injectable()
class BillingTools {
  constructor(private readonly ledger: Ledger) {}
  @Tool({ name: 'billing.total', description: 'The ledger total.' })
  total(): number {
    return this.ledger.total();
  }
  @Tool({ name: 'billing.currency', description: 'The currency.' })
  currency(): string {
    return 'EUR';
  }
}

@Module({
  imports: [HermesToolsModule.forFeature({ name: 'billing', tools: [BillingTools] })],
  providers: [Ledger, BillingTools],
})
class BillingModule {}

@Tool({ name: 'mail.send', description: 'Sends a mail.' })
class SendMail {
  constructor(private readonly users: UsersService) {}
  execute(@Arg('to') to: string): string {
    return `sent to ${this.users.name(to)}`;
  }
}

@Module({ imports: [HermesToolsModule.forFeature({ name: 'mail', tools: [SendMail], imports: [UsersModule] })] })
class MailModule {}

@Injectable()
class Assistant {
  constructor(private readonly tools: ToolRegistry) {}
  greet(id: string): Promise<unknown> {
    return this.tools.call('users.find', { id });
  }
}

@Injectable()
class AdminsOnly implements ToolGuard {
  constructor(private readonly users: UsersService) {}
  canActivate({ caller }: GuardRequest): boolean | string {
    return this.users.isAdmin(caller) || `${String(caller)} is not an administrator`;
  }
}

async function start(...imports: Parameters<typeof Test.createTestingModule>[0]['imports'] & unknown[]) {
  const moduleRef = await Test.createTestingModule({ imports, providers: [Assistant] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

async function startupError(
  ...imports: Parameters<typeof Test.createTestingModule>[0]['imports'] & unknown[]
): Promise<ToolDefinitionError> {
  try {
    const app = await start(...imports);
    await app.close();
  } catch (error) {
    if (error instanceof ToolDefinitionError) return error;
    throw error;
  }
  throw new Error('expected the app to fail its startup');
}

describe('hermes-tools/nest', () => {
  it('builds the registry from a tool that injects a Nest service, and a service gets it by type and calls it', async () => {
    const app = await start(
      HermesToolsModule.forRoot({ imports: [UsersModule], toolsets: [{ name: 'users', tools: [FindUser] }] }),
    );
    try {
      expect(
        app
          .get(ToolRegistry)
          .list()
          .map((tool) => tool.name),
      ).toEqual(['users.find', 'results.read']);
      await expect(app.get(Assistant).greet('1')).resolves.toBe('Ann');
    } finally {
      await app.close();
    }
  });

  it('puts the forFeature toolsets of two modules in one registry, each with its own providers', async () => {
    const app = await start(
      HermesToolsModule.forRoot({ imports: [UsersModule], toolsets: [{ name: 'users', tools: [FindUser] }] }),
      BillingModule,
      MailModule,
    );
    try {
      const registry = app.get(ToolRegistry);
      expect(registry.definitions().map((tool) => `${tool.toolset}/${tool.name}`)).toEqual([
        'users/users.find',
        'billing/billing.total',
        'billing/billing.currency',
        'mail/mail.send',
        'results/results.read',
      ]);
      await expect(registry.call('billing.total', {})).resolves.toBe(42);
      await expect(registry.call('mail.send', { to: '2' })).resolves.toBe('sent to Bob');
      // The feature module's provider is the instance the tool runs on: Nest constructed it once.
      expect(app.select(BillingModule).get(BillingTools)).toBeInstanceOf(BillingTools);
    } finally {
      await app.close();
    }
  });

  it('discovers the providers with @Tool on the class or its methods that no toolset names', async () => {
    @Module({ imports: [UsersModule], providers: [Ledger, BillingTools, FindUser] })
    class Everything {}
    const app = await start(HermesToolsModule.forRoot({ discover: true }), Everything);
    try {
      const registry = app.get(ToolRegistry);
      expect(registry.definitions().map((tool) => `${tool.toolset}/${tool.name}`)).toEqual([
        'discovered/billing.total',
        'discovered/billing.currency',
        'discovered/users.find',
        'results/results.read',
      ]);
      await expect(registry.call('users.find', { id: '2' })).resolves.toBe('Bob');
    } finally {
      await app.close();
    }
  });

  it('resolves a guard class from Nest, with the Nest services it injects', async () => {
    const app = await start(
      HermesToolsModule.forRoot({
        imports: [UsersModule],
        guards: [AdminsOnly],
        toolsets: [{ name: 'users', tools: [FindUser] }],
      }),
    );
    try {
      const registry = app.get(ToolRegistry);
      await expect(registry.call('users.find', { id: '1' }, { caller: 'ann' })).resolves.toBe('Ann');
      const denied = await registry.dispatch('users.find', { id: '1' }, { caller: 'bob' });
      expect(denied.ok).toBe(false);
      await expect(registry.call('users.find', { id: '1' }, { caller: 'bob' })).rejects.toBeInstanceOf(
        PermissionDeniedError,
      );
      expect((await registry.forCaller({ caller: 'bob' })).list()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('takes its options from forRootAsync, with Nest providers injected in the factory', async () => {
    const app = await start(
      HermesToolsModule.forRootAsync({
        imports: [UsersModule],
        inject: [UsersService],
        useFactory: (users: UsersService) => ({
          toolsets: [{ name: users.name('1').toLowerCase(), tools: [FindUser] }],
          timeoutMs: 1_000,
        }),
      }),
    );
    try {
      expect(app.get(ToolRegistry).definitions()[0]?.toolset).toBe('ann');
    } finally {
      await app.close();
    }
  });

  it('fails the startup with one ToolDefinitionError listing every wiring mistake', async () => {
    class NotATool {}
    @Tool({ name: 'users.find', description: 'The same name again.' })
    class Twin {
      execute(): string {
        return 'twin';
      }
    }
    const error = await startupError(
      HermesToolsModule.forRoot({
        imports: [UsersModule],
        timeoutMs: -1,
        toolsets: [{ name: 'users', tools: [FindUser, NotATool, Twin] }],
      }),
    );
    expect(error.problems).toEqual([
      expect.stringContaining('timeoutMs must be a number of milliseconds'),
      expect.stringMatching(/NotATool.*has no @Tool, @Resource, @ResourceTemplate or @Prompt decorator/),
      expect.stringMatching(/tool name "users.find" is already used by FindUser/),
    ]);
  });

  it('runs the README module: the tool, the injectable guard, and the registry called at bootstrap', async () => {
    const log = console.log;
    const lines: unknown[] = [];
    console.log = (line: unknown) => void lines.push(line);
    try {
      const app = await start(AppModule);
      await app.close();
    } finally {
      console.log = log;
    }
    expect(lines).toEqual(['Ann']);
  });

  it('refuses a call-scoped toolset given anyway, in forRoot and in forFeature', async () => {
    const scoped = { name: 'scoped', tools: [FindUser], scope: 'call' } as never;
    const error = await startupError(
      HermesToolsModule.forRoot({ imports: [UsersModule], toolsets: [scoped] }),
      HermesToolsModule.forFeature({ ...(scoped as object), name: 'again' } as never),
    );
    expect(error.problems).toEqual([
      expect.stringMatching(/toolset "scoped".*scope is not supported in a Nest app/),
      expect.stringMatching(/toolset "again".*scope is not supported in a Nest app/),
      expect.stringMatching(/users.find.*already used/),
    ]);
  });

  it('refuses a request-scoped tool at startup, naming it', async () => {
    @Injectable({ scope: Scope.REQUEST })
    @Tool({ name: 'per.request', description: 'Request-scoped.' })
    class PerRequest {
      execute(): string {
        return 'no';
      }
    }
    @Module({
      imports: [HermesToolsModule.forFeature({ name: 'scoped', tools: [PerRequest] })],
      providers: [PerRequest],
    })
    class Scoped {}
    const error = await startupError(HermesToolsModule.forRoot(), Scoped);
    expect(error.problems).toEqual([expect.stringMatching(/PerRequest.*PerRequest is a request-scoped Nest provider/)]);
  });

  it('reports a tool with dependencies Nest cannot see, as a wiring mistake', async () => {
    const error = await startupError(HermesToolsModule.forRoot({ toolsets: [{ name: 'users', tools: [FindUser] }] }));
    expect(error.problems).toEqual([expect.stringMatching(/FindUser.*could not create it.*UsersService/)]);
  });

  it('resolves interceptor, approver and audit sink classes from Nest, each with the Nest service it injects', async () => {
    @Injectable()
    class Journal {
      readonly lines: string[] = [];
      #recorded: (record: AuditRecord) => void = () => undefined;
      readonly recorded = new Promise<AuditRecord>((resolve) => (this.#recorded = resolve));
      write(line: string): void {
        this.lines.push(line);
      }
      audited(record: AuditRecord): void {
        this.#recorded(record);
      }
    }
    @Module({ providers: [Journal], exports: [Journal] })
    class JournalModule {}
    @Injectable()
    class Journaling implements ToolInterceptor {
      constructor(private readonly journal: Journal) {}
      async intercept(input: unknown, ctx: ToolContext, next: NextFunction): Promise<unknown> {
        this.journal.write(`before ${ctx.tool}`);
        const result = await next(input);
        this.journal.write(`after ${ctx.tool}`);
        return result;
      }
    }
    @Injectable()
    class AskTheJournal implements ToolApprover {
      constructor(private readonly journal: Journal) {}
      approve({ tool }: ApprovalRequest): boolean {
        this.journal.write(`approve ${tool.name}`);
        return true;
      }
    }
    @Injectable()
    class JournalSink implements AuditSink {
      constructor(private readonly journal: Journal) {}
      record(record: AuditRecord): void {
        this.journal.audited(record);
      }
    }
    @Tool({ name: 'journal.wipe', description: 'Wipes the journal.', destructive: true })
    class Wipe {
      execute(): string {
        return 'wiped';
      }
    }
    const app = await start(
      JournalModule,
      HermesToolsModule.forRoot({
        imports: [JournalModule],
        interceptors: [Journaling],
        approvals: { approve: AskTheJournal },
        audit: JournalSink,
        toolsets: [{ name: 'journal', tools: [Wipe] }],
      }),
    );
    try {
      await expect(app.get(ToolRegistry).call('journal.wipe', {}, { caller: 'ann' })).resolves.toBe('wiped');
      const journal = app.get(Journal);
      expect(journal.lines).toEqual(['approve journal.wipe', 'before journal.wipe', 'after journal.wipe']);
      await expect(journal.recorded).resolves.toMatchObject({ tool: 'journal.wipe', caller: 'ann' });
    } finally {
      await app.close();
    }
  });

  it('refuses at startup, naming each: a request-scoped guard, a guard and a tool that depend on a request-scoped provider, a transient tool, a discovered request-scoped tool', async () => {
    @Injectable({ scope: Scope.REQUEST })
    class CurrentUser {
      name = 'ann';
    }
    @Injectable()
    @Tool({ name: 'me.name', description: 'Depends on the request.' })
    class MyName {
      constructor(private readonly user: CurrentUser) {}
      execute(): string {
        return this.user.name;
      }
    }
    @Injectable({ scope: Scope.TRANSIENT })
    @Tool({ name: 'me.transient', description: 'Transient.' })
    class Fleeting {
      execute(): string {
        return 'gone';
      }
    }
    @Injectable({ scope: Scope.REQUEST })
    class PerRequestGuard implements ToolGuard {
      canActivate(): boolean {
        return true;
      }
    }
    @Injectable({ scope: Scope.REQUEST })
    class Found {
      @Tool({ name: 'found.here', description: 'Discovered, request-scoped.' })
      here(): string {
        return 'here';
      }
    }
    @Injectable()
    class UserGuard implements ToolGuard {
      constructor(private readonly user: CurrentUser) {}
      canActivate(): boolean {
        return this.user.name === 'ann';
      }
    }
    @Module({ providers: [CurrentUser], exports: [CurrentUser] })
    class RequestModule {}
    @Module({
      imports: [RequestModule, HermesToolsModule.forFeature({ name: 'me', tools: [MyName, Fleeting] })],
      providers: [MyName, Fleeting, Found],
    })
    class Me {}
    const error = await startupError(
      HermesToolsModule.forRoot({ imports: [RequestModule], guards: [PerRequestGuard, UserGuard], discover: true }),
      Me,
    );
    expect(error.problems).toEqual([
      expect.stringMatching(/PerRequestGuard.*PerRequestGuard is a request-scoped Nest provider.*make it a singleton/),
      expect.stringMatching(/UserGuard.*UserGuard is a request-scoped Nest provider \(or depends on one\)/),
      expect.stringMatching(/MyName.*request-scoped Nest provider \(or depends on one\)/),
      expect.stringMatching(/Fleeting.*transient-scoped Nest provider/),
      expect.stringMatching(/Found.*request- or transient-scoped Nest provider/),
    ]);
  });

  it('the injected registry forwards every method of ToolRegistry, and refuses calls before the app is initialised', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [HermesToolsModule.forRoot()] }).compile();
    const registry = moduleRef.get(ToolRegistry);
    expect(() => registry.list()).toThrow(/before the Nest application has initialised/);
    const forwarded = Object.getOwnPropertyNames(Object.getPrototypeOf(registry));
    for (const method of Object.getOwnPropertyNames(ToolRegistry.prototype)) expect(forwarded).toContain(method);
    await moduleRef.close();
  });

  it('reads forRoot, forRootAsync and forFeature options as own keys: a polluted Object.prototype grants and approves nothing', async () => {
    @Injectable()
    class Wipe {
      @Tool({ name: 'admin.wipe', description: 'Wipes everything.' })
      @Permissions('admin:wipe')
      wipe(): string {
        return 'wiped';
      }
      @Tool({ name: 'admin.reset', description: 'Resets everything.' })
      @RequiresApproval()
      reset(): string {
        return 'reset';
      }
    }
    @Module({ imports: [HermesToolsModule.forFeature({ name: 'feature', tools: [Wipe] })], providers: [Wipe] })
    class FeatureModule {}
    const proto = Object.prototype as Record<string, unknown>;
    const polluted = { granted: PermissionSet.all(), approvals: { approve: () => true } };
    const apps: Awaited<ReturnType<typeof start>>[] = [];
    try {
      Object.assign(proto, polluted);
      const modules = [
        [HermesToolsModule.forRoot({ toolsets: [{ name: 'root', tools: [Wipe] }] })],
        [HermesToolsModule.forRootAsync({ useFactory: () => ({ toolsets: [{ name: 'async', tools: [Wipe] }] }) })],
        [HermesToolsModule.forRoot(), FeatureModule],
      ];
      for (const imports of modules) apps.push(await start(...imports));
      for (const app of apps) {
        const registry = app.get(ToolRegistry);
        await expect(registry.call('admin.wipe', {})).rejects.toBeInstanceOf(PermissionDeniedError);
        await expect(registry.call('admin.reset', {})).rejects.toThrow();
      }
    } finally {
      for (const key of Object.keys(polluted)) delete proto[key];
      for (const app of apps) await app.close();
    }
  });
});
