import { tracingChannel } from 'node:diagnostics_channel';
import { IsString, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import {
  Arg,
  CALL_CHANNEL,
  Input,
  Tool,
  ToolError,
  ToolRegistry,
  ToolUnavailableError,
  ToolValidationError,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { buildRegistry } from '../support/buildRegistry.js';

const SECRETS: Record<string, string> = {
  DB_PASS: 'hunter2-db',
  STRIPE_SK: 'sk_live_51Habc',
  GITHUB_PAT: 'ghp_aBcDeF123456',
  DATABASE_URL: 'postgres://admin:pg-pass-1@db.internal:5432/prod',
  EXACTLY_SIX: 'x6x6x6',
  ONLY_FIVE: 'y5y5y',
};

let thrown: () => unknown = () => undefined;

@Tool({ name: 'fails', description: 'Fails with whatever the test says.' })
class Fails {
  execute(): unknown {
    throw thrown();
  }
}

@ValidatorConstraint({ name: 'noSecrets' })
class TellsTooMuch implements ValidatorConstraintInterface {
  validate(): boolean {
    return false;
  }
  defaultMessage(): string {
    return `key must match the one in ${process.env.DB_PASS}`;
  }
}

class Login {
  @IsString() @Validate(TellsTooMuch) key!: string;
}

@Tool({ name: 'login', description: 'Has a constraint whose message quotes a secret.' })
class LoginTool {
  execute(@Input() input: Login): string {
    return input.key;
  }
}

@Tool({
  name: 'leaks.output',
  description: 'Returns a result that does not match its output.',
  output: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'], additionalProperties: false },
})
class LeaksOutput {
  execute(@Arg('value') value: string): unknown {
    return { n: value };
  }
}

@Tool({
  name: 'leaks.keys',
  description: 'Returns an object keyed by its argument, which its output does not allow.',
  output: { type: 'object', properties: { n: { type: 'number' } }, additionalProperties: false },
})
class LeaksKeys {
  execute(@Arg('key') key: string): unknown {
    return { [key]: 1 };
  }
}

@Tool({ name: 'counts', description: 'Takes three numbers, so that three strings make three issues that quote them.' })
class Counts {
  execute(@Arg('a') a: number, @Arg('b') b: number, @Arg('c') c: number): number {
    return a + b + c;
  }
}

@Tool({ name: 'bounded', description: 'Takes a small number and one of two words, so that issues quote both.' })
class Bounded {
  execute(@Arg('n', { maximum: 10 }) n: number, @Arg('word', { enum: ['yes', 'no'] }) word: string): string {
    return `${n} ${word}`;
  }
}

/** The answers the checks of `Waits` are waiting to give. */
const waiting: (() => void)[] = [];

@ValidatorConstraint({ name: 'waits', async: true })
class Waits implements ValidatorConstraintInterface {
  validate(): Promise<boolean> {
    return new Promise((resolve) => {
      waiting.push(() => resolve(true));
    });
  }
}

class Slow {
  @Validate(Waits) wait!: string;
  @IsString() tokenvalue!: string;
}

@Tool({ name: 'slow', description: 'Has a check that answers when the test says, and a required property.' })
class SlowTool {
  execute(@Input() input: Slow): string {
    return input.wait;
  }
}

/** A ToolError of the user's own: its constructor redacts and cuts the message it is given. */
class Plain extends ToolError {
  readonly code = 'execution_failed' as const;
  readonly retryable = false;
}

/** Runs `body` with an environment of PATH, HOME and `values` only, restoring it after. */
async function withOnly(values: Record<string, string>, body: () => Promise<void>): Promise<void> {
  const saved = { ...process.env };
  for (const name of Object.keys(process.env)) if (!['PATH', 'HOME'].includes(name)) delete process.env[name];
  Object.assign(process.env, values);
  try {
    await body();
  } finally {
    for (const name of Object.keys(values)) delete process.env[name];
    Object.assign(process.env, saved);
  }
}

async function registry(): Promise<ToolRegistry> {
  return (
    await buildRegistry(
      toolset({ name: 'r', tools: [Fails, LoginTool, LeaksOutput, LeaksKeys, Counts, Bounded, SlowTool] }),
    )
  ).registry;
}

describe('redaction of every outgoing message', () => {
  beforeEach(() => Object.assign(process.env, SECRETS));
  afterEach(() => {
    for (const name of Object.keys(SECRETS)) delete process.env[name];
  });

  it('redacts env values whatever the variable is called, in errors a tool throws itself', async () => {
    thrown = () =>
      new ToolUnavailableError(
        'db',
        `down: ${process.env.DATABASE_URL} with ${process.env.DB_PASS}, ${process.env.STRIPE_SK} and ${process.env.GITHUB_PAT}`,
      );
    const r = await registry();
    const text = JSON.stringify(await r.dispatch('fails', {}));
    for (const name of ['DB_PASS', 'STRIPE_SK', 'GITHUB_PAT', 'DATABASE_URL'])
      expect(text).not.toContain(SECRETS[name]);
    expect(text).toContain('tool_unavailable');
    const error = (await r.call('fails', {}).catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain(SECRETS.DB_PASS);
  });

  it('redacts a value of exactly the minimum length, and leaves a shorter one', async () => {
    thrown = () => new Error(`codes ${process.env.EXACTLY_SIX} and ${process.env.ONLY_FIVE}`);
    const outcome = await (await registry()).dispatch('fails', {});
    expect(outcome).toMatchObject({ ok: false, error: { message: 'fails failed: codes [redacted] and y5y5y' } });
  });

  it.each([
    ['redis://:pw-one@cache:6379/0', 'redis://:[redacted]@cache:6379/0'],
    ['mysql://root:p@ss@h/db', 'mysql://root:[redacted]@h/db'],
    ['https://ghp_tokenvalue@github.com/org/repo', 'https://[redacted]@github.com/org/repo'],
    ['amqp://u:a@b', 'amqp://u:[redacted]@b'],
    ['redis://@cache:6379', 'redis://@cache:6379'],
    // A '://' right after another's authority: the first authority ends at its '/'.
    ['a://b://user:pw-nested@host', 'a://b://user:[redacted]@host'],
    ['ab://c:https://tok-nested@h/', 'ab://c:https://[redacted]@h/'],
  ])('redacts the credentials of %s', async (url, expected) => {
    thrown = () => new Error(`cannot reach ${url}, nor ${url}`);
    const outcome = await (await registry()).dispatch('fails', {});
    expect(outcome).toMatchObject({
      ok: false,
      error: { message: `fails failed: cannot reach ${expected}, nor ${expected}` },
    });
  });

  it('strips stack frames and host paths embedded in a message', async () => {
    thrown = () =>
      new Error(
        'boom at /srv/app/dist/db.js:12:7\n    at connect (/srv/app/dist/db.js:12:7)\n    at file:///srv/app/main.js:3:1',
      );
    const outcome = await (await registry()).dispatch('fails', {});
    expect(outcome).toMatchObject({ ok: false, error: { message: 'fails failed: boom' } });
  });

  it('redacts custom constraint messages in the issues and the message', async () => {
    const outcome = await (await registry()).dispatch('login', { key: 'k' });
    const text = JSON.stringify(outcome);
    expect(text).toContain('invalid_input');
    expect(text).not.toContain(SECRETS.DB_PASS);
  });

  it('redacts only the issues that quote a secret or a credential, among several, in `dispatch` and in `call`', async () => {
    const r = await registry();
    const args = { a: process.env.EXACTLY_SIX, b: 'x://u:pw-in-b@h', c: 'plain' };
    const expected = [
      ['a', 'a must be a number, got "[redacted]"'],
      ['b', 'b must be a number, got "x://u:[redacted]@h"'],
      ['c', 'c must be a number, got "plain"'],
    ];
    const outcome = await r.dispatch('counts', args);
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.message])).toEqual(expected);
    expect(outcome.ok ? '' : outcome.error.message).toBe(
      `Invalid arguments for counts (3 problems):\n${expected.map(([, m]) => `- ${m}`).join('\n')}\nFix every problem listed and call again.`,
    );
    const error = (await r.call('counts', args).catch((e: unknown) => e)) as ToolValidationError;
    expect(error.issues.map((i) => [i.path, i.message])).toEqual(expected);
    expect(Object.isFrozen(error.issues) && error.issues.every((i) => Object.isFrozen(i))).toBe(true);
  });

  it('redacts the paths of a ToolValidationError a tool throws itself, in `dispatch` and in `call`', async () => {
    thrown = () =>
      new ToolValidationError('fails', [
        { path: `config.${process.env.DB_PASS}`, message: 'is wrong', constraint: 'custom' },
      ]);
    const r = await registry();
    const outcome = await r.dispatch('fails', {});
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'config.[redacted]', message: 'is wrong' }] },
    });
    expect(JSON.stringify(outcome)).not.toContain(SECRETS.DB_PASS);
    const error = (await r.call('fails', {}).catch((e: unknown) => e)) as ToolValidationError;
    expect(error.issues).toEqual([{ path: 'config.[redacted]', message: 'is wrong', constraint: 'custom' }]);
  });

  it('redacts the credentials of a URL an issue quotes when no issue quotes an env value', async () => {
    const outcome = await (await registry()).dispatch('counts', { a: 'x://u:pw-only-url@h', b: 'plain', c: 1 });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => i.message)).toEqual([
      'a must be a number, got "x://u:[redacted]@h"',
      'b must be a number, got "plain"',
    ]);
  });

  it('leaves issues that quote nothing secret as they are', async () => {
    const outcome = await (await registry()).dispatch('counts', { a: 'one', b: 'two', c: 3 });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => i.message)).toEqual([
      'a must be a number, got "one"',
      'b must be a number, got "two"',
    ]);
  });

  it('never quotes a result in an output mismatch', async () => {
    const outcome = await (await registry()).dispatch('leaks.output', { value: 'sk-live-not-in-env' });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_output' } });
    expect(JSON.stringify(outcome)).not.toContain('sk-live-not-in-env');
  });

  it('redacts a message that is nothing but a secret of the minimum length', async () => {
    thrown = () => new Error(process.env.EXACTLY_SIX);
    expect(await (await registry()).dispatch('fails', {})).toMatchObject({
      ok: false,
      error: { message: 'fails failed: [redacted]' },
    });
  });

  it('redacts a secret holding a quote or a backslash also where a message holds it escaped as JSON', async () => {
    process.env.QUOTED_SECRET = 'pa"ss\\word';
    try {
      thrown = () =>
        new Error(`raw ${process.env.QUOTED_SECRET} and as JSON ${JSON.stringify({ p: process.env.QUOTED_SECRET })}`);
      const outcome = await (await registry()).dispatch('fails', {});
      expect(outcome).toMatchObject({
        ok: false,
        error: { message: 'fails failed: raw [redacted] and as JSON {"p":"[redacted]"}' },
      });
    } finally {
      delete process.env.QUOTED_SECRET;
    }
  });

  it.each([
    ...[
      'PATH',
      'SHELL',
      'USER',
      'LOGNAME',
      'HOME',
      'PWD',
      'OLDPWD',
      'INIT_CWD',
      'TMPDIR',
      'TMP',
      'TEMP',
      'LANG',
      'LANGUAGE',
      'TERM',
      'TERM_PROGRAM',
    ],
    ...[
      'TERM_PROGRAM_VERSION',
      'COLORTERM',
      'TZ',
      'NODE_ENV',
      'HOSTNAME',
      'EDITOR',
      'VISUAL',
      'PAGER',
      'SHLVL',
      '_',
      'NODE',
      'npm_execpath',
      'npm_node_execpath',
    ],
    ...['npm_command', 'LC_ALL', 'npm_package_name', 'npm_package_keywords', 'npm_lifecycle_event', 'npm_config_cache'],
  ])('keeps the value of the harmless variable %s readable', async (name) => {
    const before = process.env[name];
    process.env[name] = `harmless-value-of-${name}`;
    try {
      thrown = () => new Error(`saw harmless-value-of-${name}`);
      expect(await (await registry()).dispatch('fails', {})).toMatchObject({
        ok: false,
        error: { message: `fails failed: saw harmless-value-of-${name}` },
      });
    } finally {
      if (before === undefined) delete process.env[name];
      else process.env[name] = before;
    }
  });

  it.each([
    'npm_config__auth',
    'npm_config_authtoken',
    'npm_config_token',
    'npm_config_password',
    'npm_config_credentials',
    'npm_config_secret',
    'npm_config_keyfile',
  ])('redacts the npm credential setting %s, though other npm_config_ values are harmless', async (name) => {
    process.env[name] = `credential-in-${name}`;
    try {
      thrown = () => new Error(`saw credential-in-${name}`);
      expect(await (await registry()).dispatch('fails', {})).toMatchObject({
        ok: false,
        error: { message: 'fails failed: saw [redacted]' },
      });
    } finally {
      delete process.env[name];
    }
  });

  it('reads the environment again once its snapshot is a second old (the timer that ends it moved by hand)', async () => {
    const clock = (import.meta as unknown as { jest: typeof jest }).jest;
    // Only the timers are faked: building the registry takes a snapshot and sets the timer that ends it.
    clock.useFakeTimers({
      doNotFake: [
        'Date',
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
      ],
    });
    try {
      const r = await registry();
      process.env.SET_LATER = 'set-after-the-snapshot';
      thrown = () => new Error(`saw ${process.env.SET_LATER}`);
      expect(await r.dispatch('fails', {})).toMatchObject({
        error: { message: 'fails failed: saw set-after-the-snapshot' },
      });
      clock.advanceTimersByTime(999);
      expect(await r.dispatch('fails', {})).toMatchObject({
        error: { message: 'fails failed: saw set-after-the-snapshot' },
      });
      clock.advanceTimersByTime(1);
      expect(await r.dispatch('fails', {})).toMatchObject({ error: { message: 'fails failed: saw [redacted]' } });
    } finally {
      clock.useRealTimers();
      delete process.env.SET_LATER;
    }
  });

  it('redacts the whole of a secret that begins with another secret', async () => {
    process.env.SHORT_SECRET = 'abcdef';
    process.env.LONG_SECRET = 'abcdef-and-more';
    try {
      thrown = () => new Error(`saw ${process.env.LONG_SECRET}`);
      expect(await (await registry()).dispatch('fails', {})).toMatchObject({
        error: { message: 'fails failed: saw [redacted]' },
      });
    } finally {
      delete process.env.SHORT_SECRET;
      delete process.env.LONG_SECRET;
    }
  });

  it('leaves a message alone when the environment holds no secret at all', async () => {
    const saved = { ...process.env };
    for (const name of Object.keys(process.env)) if (!['PATH', 'HOME'].includes(name)) delete process.env[name];
    try {
      thrown = () => new Error('nothing secret here');
      expect(await (await registry()).dispatch('fails', {})).toMatchObject({
        error: { message: 'fails failed: nothing secret here' },
      });
    } finally {
      Object.assign(process.env, saved);
    }
  });

  it("redacts a result's key that is a secret of the minimum length, in an output issue's path", async () => {
    const outcome = await (await registry()).dispatch('leaks.keys', { key: process.env.EXACTLY_SIX });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_output' } });
    expect(JSON.stringify(outcome)).not.toContain(SECRETS.EXACTLY_SIX);
  });

  it('shows the caller its own keys in input issue paths, even one that equals an env value (it sent it), and redacts the messages', async () => {
    const outcome = await (await registry()).dispatch('login', { key: 'k', [SECRETS.DB_PASS!]: 1 });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.message])).toContainEqual([
      SECRETS.DB_PASS,
      '[redacted] is not a known argument; remove it (known: key)',
    ]);
  });

  it('shows the caller the same issues of its own input when an audit sink or a channel subscriber watches the call; the Error of registry.call, which may travel anywhere, redacts the path', async () => {
    const args = { key: 'k', [SECRETS.DB_PASS!]: 1 };
    const plain = await (await registry()).dispatch('login', args, { callId: 'c1' });
    const audited = (
      await buildRegistry(toolsModule({ audit: () => undefined }), toolset({ name: 'r', tools: [LoginTool] }))
    ).registry;
    const handlers = { start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
    const channel = tracingChannel(CALL_CHANNEL);
    channel.subscribe(handlers);
    let observed: unknown;
    try {
      observed = await (await registry()).dispatch('login', args, { callId: 'c1' });
    } finally {
      channel.unsubscribe(handlers);
    }
    const error = (await (await registry()).call('login', args).catch((e: unknown) => e)) as ToolValidationError;
    expect(plain).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await audited.dispatch('login', args, { callId: 'c1' })).toEqual(plain);
    expect(observed).toEqual(plain);
    expect(error.issues.map((i) => i.path)).toEqual(['[redacted]', 'key']);
  });

  it("redacts the paths of another call's invalid input that a watched tool rethrows: they are not the caller's keys", async () => {
    let inner: ToolRegistry | undefined;
    @Tool({ name: 'relay', description: 'Calls login with keys of its own, and lets the error through.' })
    class Relay {
      execute(): Promise<unknown> {
        return inner!.call('login', { key: 'k', [process.env.DB_PASS!]: 1 });
      }
    }
    const { registry: r } = await buildRegistry(
      toolsModule({ audit: () => undefined }),
      toolset({ name: 'r', tools: [LoginTool, Relay] }),
    );
    inner = r;
    const outcome = await r.dispatch('relay', {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.stringify(outcome)).not.toContain(SECRETS.DB_PASS);
  });

  it("redacts a URL's credentials at the very start of a guard's reason", async () => {
    const { registry: r } = await buildRegistry(
      toolset({ name: 'g', tools: [Fails], guards: [() => 's://u:pw-at-start@h'] }),
    );
    expect(await r.dispatch('fails', {})).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', reason: 's://u:[redacted]@h' },
    });
  });

  it('keeps harmless variables such as PATH readable', async () => {
    thrown = () => new Error(`searched ${process.env.PATH}`);
    const outcome = await (await registry()).dispatch('fails', {});
    expect(JSON.stringify(outcome)).not.toContain('[redacted]');
  });

  it('strips a line that begins with "at " and says more, as a stack frame does, and keeps a bare "at"', async () => {
    for (const [message, shown] of [
      ['left\nat', 'left\nat'],
      ['left\nat ', 'left\nat'],
      ['left\nat x', 'left'],
      ['left\n  at x', 'left'],
    ]) {
      thrown = () => new Error(message);
      expect(await (await registry()).dispatch('fails', {})).toMatchObject({
        ok: false,
        error: { message: `fails failed: ${shown}` },
      });
    }
  });

  it.each([
    ['at the start of a text', '://u:pw-no-scheme@h'],
    ['after a space', 'see ://u:pw-no-scheme@h'],
  ])("leaves '://' with no scheme before it alone %s: it is no URL", async (_where, text) => {
    thrown = () => new Error(text);
    expect(await (await registry()).dispatch('fails', {})).toMatchObject({
      ok: false,
      error: { message: `fails failed: ${text}` },
    });
  });

  it('leaves issues alone, and still redacts the credentials of a URL, when the environment holds no secret at all', async () => {
    await withOnly({}, async () => {
      const outcome = await (await registry()).dispatch('counts', { a: 'one', b: 'x://u:pw-no-env@h', c: 3 });
      expect(outcome.ok ? [] : outcome.error.issues!.map((i) => i.message)).toEqual([
        'a must be a number, got "one"',
        'b must be a number, got "x://u:[redacted]@h"',
      ]);
    });
  });

  it('redacts a secret that spans lines where two issues rebuild it in the message, though neither issue holds it', async () => {
    process.env.SPANS_LINES = 'first-half-of-it\n- second-half';
    try {
      const issues = [
        { path: 'a', message: 'a ends with first-half-of-it', constraint: 'c' },
        { path: 'b', message: 'second-half begins b', constraint: 'c' },
      ];
      thrown = () => new ToolValidationError('fails', issues);
      const outcome = await (await registry()).dispatch('fails', {});
      expect(outcome).toMatchObject({
        ok: false,
        error: {
          message:
            'Invalid arguments for fails (2 problems):\n- a ends with [redacted] begins b\nFix every problem listed and call again.',
          issues,
        },
      });
    } finally {
      delete process.env.SPANS_LINES;
    }
  });

  it('redacts a secret that spans lines when it begins before the cut of a long invalid-input message and ends in the issue after', async () => {
    const first = 'straddles-the-cut-of-the-message';
    process.env.SPANS_THE_CUT = `${first}\n- and-goes-on`;
    try {
      const filler = Array.from({ length: 8 }, () => 'f'.repeat(1_980));
      const messages = [...filler, `${'x'.repeat(66)} ${first}`, 'and-goes-on past it'];
      const header = 'Invalid arguments for fails (10 problems):';
      const start = `${header}${messages.map((m) => `\n- ${m}`).join('')}`.indexOf(first);
      // The secret begins before the 16,000th character, and the issue holding its first half ends past it.
      expect([start < 16_000, start + first.length > 16_000]).toEqual([true, true]);
      thrown = () =>
        new ToolValidationError(
          'fails',
          messages.map((message, n) => ({ path: `p${n}`, message, constraint: 'c' })),
        );
      const outcome = await (await registry()).dispatch('fails', {});
      const whole = `${header}${filler.map((m) => `\n- ${m}`).join('')}\n- ${'x'.repeat(66)} [redacted] past it\nFix every problem listed and call again.`;
      expect(outcome).toMatchObject({ ok: false, error: { message: `${whole.slice(0, 16_000)}…` } });
    } finally {
      delete process.env.SPANS_THE_CUT;
    }
  });

  it("redacts an env value in what `dispatch` returns even where it equals a word of the library's own wording, and `call` rejects with the error as the library made it", async () => {
    // dispatch scans every payload, the library's own errors too, since a tool may change their message before
    // throwing.
    await withOnly({ A_WORD: 'arguments' }, async () => {
      thrown = () => new ToolValidationError('fails', [{ path: 'a', message: 'a is wrong', constraint: 'c' }]);
      const r = await registry();
      const message =
        'Invalid arguments for fails (1 problem):\n- a is wrong\nFix every problem listed and call again.';
      expect(await r.dispatch('fails', {})).toMatchObject({
        ok: false,
        error: { message: message.replace('arguments', '[redacted]') },
      });
      expect(await r.call('fails', {}).catch((e: unknown) => (e as Error).message)).toBe(message);
    });
  });

  it("redacts a tool's name in an invalid input's message by the environment as it is now, not as it was when that name was last seen", async () => {
    const named = (): string =>
      new ToolValidationError('billing.refund', [{ path: 'a', message: 'a is wrong', constraint: 'c' }]).message;
    await withOnly({}, async () => {
      await registry();
      expect(named()).toMatch(/^Invalid arguments for billing\.refund /);
    });
    await withOnly({ NAMED_LIKE_A_TOOL: 'billing.refund' }, async () => {
      // Building a registry reads the environment again.
      await registry();
      expect(named()).toMatch(/^Invalid arguments for \[redacted\] /);
    });
  });

  it("copies and redacts a ToolValidationError's issues when it is made: what the tool does to its array later changes nothing", async () => {
    await registry();
    const given = [
      { path: `config.${SECRETS.DB_PASS}`, message: `must not be ${SECRETS.STRIPE_SK}`, constraint: 'custom' },
    ];
    const error = new ToolValidationError('fails', given);
    given[0]!.message = `now ${SECRETS.GITHUB_PAT}`;
    given.push({ path: 'b', message: 'b is wrong', constraint: 'c' });
    const first = error.issues;
    expect(first).toEqual([{ path: 'config.[redacted]', message: 'must not be [redacted]', constraint: 'custom' }]);
    expect([Object.isFrozen(first), Object.isFrozen(first[0]), first === given, error.issues === first]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(error.message).toBe(
      'Invalid arguments for fails (1 problem):\n- must not be [redacted]\nFix every problem listed and call again.',
    );
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: 'invalid_input',
      message: error.message,
      retryable: true,
      issues: first,
    });
    // An own field, as loggers and spreads expect of an error's data.
    expect([Object.keys(error).includes('issues'), { ...error }.issues]).toEqual([true, first]);
  });

  it('keeps a ToolValidationError redacted by the environment it was made in, after a secret has left the environment', async () => {
    await withOnly({ LEAVING_SECRET: 'leaving-secret-value', LEAVING_NAME: 'billing.refund' }, async () => {
      await registry();
      const error = new ToolValidationError('billing.refund', [
        { path: 'leaving-secret-value', message: 'not leaving-secret-value', constraint: 'c' },
      ]);
      delete process.env.LEAVING_SECRET;
      delete process.env.LEAVING_NAME;
      // Building a registry reads the environment again.
      await registry();
      expect(JSON.stringify(error)).not.toMatch(/leaving-secret-value|billing\.refund/);
      expect(error.message).toMatch(/^Invalid arguments for \[redacted\] \(1 problem\):\n- not \[redacted\]\n/);
    });
  });

  it('redacts a message set on a ToolValidationError, and fails where it is made when given no issues', async () => {
    await registry();
    const error = new ToolValidationError('t', [{ path: 'a', message: 'a is wrong', constraint: 'c' }]);
    error.message = `see ${SECRETS.STRIPE_SK}`;
    expect([error.message, error.toPayload().message]).toEqual(['see [redacted]', 'see [redacted]']);
    expect(() => new ToolValidationError('t', undefined as unknown as [])).toThrow(TypeError);
  });

  it('makes a message read later without the environment of that moment: a secret that holds a line break and arrives after is not looked for', async () => {
    await withOnly({}, async () => {
      await registry();
      const error = new ToolValidationError('t', [{ path: 'a', message: 'plain-words', constraint: 'c' }]);
      process.env.ARRIVES_LATER = 'plain-words\nand more';
      await registry();
      expect(error.message).toContain('- plain-words\n');
    });
  });

  it('keeps a message redacted by the environment it was made in when a secret holding a line break could be rebuilt by joining issues', async () => {
    await withOnly({ SPANNING_SECRET: 'first-half\n- second-half' }, async () => {
      await registry();
      const error = new ToolValidationError('t', [
        { path: 'a', message: 'first-half', constraint: 'c' },
        { path: 'b', message: 'second-half', constraint: 'c' },
      ]);
      delete process.env.SPANNING_SECRET;
      await registry();
      expect(error.message).not.toContain('first-half\n- second-half');
    });
  });

  it('scans a message at most 8,192 characters past its 16,000, and marks it cut when it was, even if redaction left it shorter', async () => {
    process.env.KILO_SECRET = `${'k'.repeat(999)}!`;
    try {
      await registry();
      // Twenty secrets of 1,000 characters shrink to 200 once redacted; the scan stops at 24,192 characters.
      const secrets = process.env.KILO_SECRET.repeat(20);
      const redacted = '[redacted]'.repeat(20);
      for (const [tail, shown] of [
        [4_191, `${redacted}${'t'.repeat(4_191)}`],
        [4_192, `${redacted}${'t'.repeat(4_192)}`],
        [4_193, `${redacted}${'t'.repeat(4_192)}…`],
      ] as const) {
        expect(new Plain(`${secrets}${'t'.repeat(tail)}`).message).toBe(shown);
      }
      expect(new Plain(`${secrets}${'t'.repeat(4_192)}${'u'.repeat(10_000)}`).message).toBe(
        `${redacted}${'t'.repeat(4_192)}…`,
      );
      expect(new Plain('m'.repeat(30_000)).message).toBe(`${'m'.repeat(16_000)}…`);
    } finally {
      delete process.env.KILO_SECRET;
    }
  });

  it("redacts every part of the validator's own issues that repeats the caller's value: a quoted string, a number, a class's name, a key", async () => {
    const values = { NUMBER_SECRET: '31415926', WORD_SECRET: 'hunter-word', CLASS_SECRET: 'SecretClassName' };
    await withOnly(values, async () => {
      const r = await registry();
      const Named = { [values.CLASS_SECRET]: class {} }[values.CLASS_SECRET]!;
      // The caller is shown its own key as the path in `dispatch`; the message, which may be logged, redacts it.
      const expected = [
        ['x://u:pw-key@h', 'x://u:[redacted]@h is not a known argument; remove it (known: n, word)'],
        ['n', 'n must be <= 10, got [redacted]'],
        ['word', 'word must be one of "yes", "no", got "[redacted]"'],
      ];
      const args = { n: 31415926, word: values.WORD_SECRET, 'x://u:pw-key@h': 1 };
      const outcome = await r.dispatch('bounded', args);
      expect(outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.message])).toEqual(expected);
      const error = (await r.call('bounded', args).catch((e: unknown) => e)) as ToolValidationError;
      expect(error.issues.map((i) => [i.path, i.message])).toEqual([
        ['x://u:[redacted]@h', expected[0]![1]],
        ...expected.slice(1),
      ]);
      const shown = await r.dispatch('counts', { a: new Named(), b: 1, c: 1 });
      expect(shown.ok ? [] : shown.error.issues!.map((i) => i.message)).toEqual([
        'a must be a number, got an instance of [redacted]',
      ]);
      expect(JSON.stringify([outcome, shown])).not.toMatch(/31415926|hunter-word|SecretClassName/);
      expect(JSON.stringify(error)).not.toMatch(/31415926|hunter-word|pw-key/);
    });
  });

  it("scans the whole of the validator's issues when a secret holds a space: it may begin in the library's wording and end in the caller's value", async () => {
    await withOnly({ SPACED_SECRET: 'number, got "abc123' }, async () => {
      const r = await registry();
      const outcome = await r.dispatch('counts', { a: 'abc123', b: 1, c: 1 });
      expect(outcome.ok ? [] : outcome.error.issues!.map((i) => i.message)).toEqual(['a must be a [redacted]"']);
      const error = (await r.call('counts', { a: 'abc123', b: 1, c: 1 }).catch((e: unknown) => e)) as Error;
      expect(error.message).toContain('- a must be a [redacted]"\n');
    });
  });

  it("scans the validator's issues again when the environment was read again while the call was being checked", async () => {
    await withOnly({}, async () => {
      const r = await registry();
      const pending = r.dispatch('slow', { wait: 'w' });
      const called = r.call('slow', { wait: 'w' }).then(
        () => undefined,
        (e: unknown) => e as ToolValidationError,
      );
      process.env.NAMED_LIKE_A_PROPERTY = 'tokenvalue';
      // Building a registry reads the environment again.
      await registry();
      for (const answer of waiting.splice(0)) answer();
      const [outcome, error] = await Promise.all([pending, called]);
      expect(outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.message])).toEqual([
        ['tokenvalue', '[redacted] is required'],
      ]);
      expect(error!.issues.map((i) => [i.path, i.message])).toEqual([['[redacted]', '[redacted] is required']]);
    });
  });

  it("takes as already scanned only the validator's own issues: one made from such an issue's prototype is scanned", async () => {
    const r = await registry();
    const error = (await r.call('counts', { a: 'one', b: 2, c: 3 }).catch((e: unknown) => e)) as ToolValidationError;
    const forged = Object.create(Object.getPrototypeOf(error.issues[0]), {
      path: { value: SECRETS.DB_PASS, enumerable: true },
      message: { value: `a must be ${SECRETS.STRIPE_SK}`, enumerable: true },
      constraint: { value: 'c', enumerable: true },
    });
    thrown = () => new ToolValidationError('fails', [forged]);
    const outcome = await r.dispatch('fails', {});
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.message])).toEqual([
      ['[redacted]', 'a must be [redacted]'],
    ]);
    expect(Object.isFrozen(error.issues[0])).toBe(true);
  });
});
