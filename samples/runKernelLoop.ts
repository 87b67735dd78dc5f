import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PermissionSet, ToolRegistry, type ToolDefinition, type ToolOutcome } from 'hermes-tools';
import { ScriptedApprover } from './approvals/ScriptedApprover.js';
import { AppLogger } from './audit/AppLogger.js';
import { createSampleContainer } from './createSampleContainer.js';
import { ScriptedModel, type ToolCall } from './ScriptedModel.js';

const call = (name: string, args: unknown) => (): ToolCall => ({ name, arguments: args });

/** The script: each kind of outcome a kernel meets, in the order a model might produce them. */
const script = [
  call('fs.list', { path: '.' }),
  call('fs.read', { path: 'notes/todo.md' }),
  call('orders.create', {
    customer: { name: '', email: 'ada-at-example' },
    lines: [{ sku: 'BOOK-1', quantity: 0 }],
    shipping: 'drone',
    coupon: 'FREE',
  }),
  (_catalogue: readonly ToolDefinition[], last?: ToolOutcome): ToolCall => {
    // The model reads every issue at once and fixes them all in one retry.
    if (last?.ok !== false) throw new Error('the script expected the previous call to fail');
    return {
      name: 'orders.create',
      arguments: {
        customer: { name: 'Ada', email: 'ada@example.org' },
        lines: [{ sku: 'BOOK-1', quantity: 2 }],
        shipping: 'express',
      },
    };
  },
  call('fs.write', { path: 'notes/todo.md', content: 'hacked' }),
  call('git.commit', { message: 'Record the order', files: ['notes/todo.md'] }),
  call('fs.raed', { path: 'notes/todo.md' }),
  call('weather.current', { city: 'Paris' }),
];

/** What the loop prints besides the calls: with `schemas`, each tool's JSON Schema too. */
export interface KernelLoopOptions {
  readonly schemas?: boolean;
}

/** Runs the sample agent loop against the sample toolsets. Returns every outcome, in order. */
export async function runKernelLoop(
  workspace: string,
  print: (line: string) => void,
  options: KernelLoopOptions = {},
): Promise<ToolOutcome[]> {
  const container = await createSampleContainer(workspace);
  const registry = container.get(ToolRegistry);
  const model = new ScriptedModel(script);

  const definitions = registry.definitions();
  const count = definitions.length;
  print(
    `The catalogue the model is shown: ${count} tools, each with a description and a JSON Schema of its arguments.\n`,
  );
  const width = Math.max(...definitions.map((d) => d.name.length));
  for (const definition of definitions) {
    const needs = definition.permissions.join(', ') || 'nothing';
    print(indent(`${definition.name.padEnd(width)}  ${firstSentence(definition.description)} (needs ${needs})`));
    if (options.schemas === true) {
      print(indent(indent(definition.modelDescription)));
      print(indent(indent(`arguments: ${JSON.stringify(definition.inputSchema)}`)));
    }
  }
  print('\nThe calls the scripted model makes, and the outcome of each:\n');
  const outcomes: ToolOutcome[] = [];
  let last: ToolOutcome | undefined;
  for (
    let toolCall = model.next(registry.definitions());
    toolCall !== undefined;
    toolCall = model.next(registry.definitions(), last)
  ) {
    if (toolCall.name === 'weather.current' && process.env.WEATHER_API_KEY === undefined) {
      last = await registry.dispatch(toolCall.name, toolCall.arguments);
      outcomes.push(last);
      report(print, toolCall, last);
      print('  (the operator sets WEATHER_API_KEY; the tool appears with no restart)');
      process.env.WEATHER_API_KEY = 'demo-key';
    }
    last = await registry.dispatch(toolCall.name, toolCall.arguments);
    outcomes.push(last);
    report(print, toolCall, last);
  }
  print('\nTwo callers, one registry: each is shown only what it may call.\n');
  const alice = await registry.forCaller({
    caller: { user: 'alice' },
    permissions: PermissionSet.none().grant('fs:read', 'orders:write', 'git:*', 'net:http'),
  });
  const guest = await registry.forCaller({
    caller: { user: 'guest' },
    permissions: PermissionSet.none().grant('fs:read'),
  });
  print(
    indent(
      `alice sees: ${alice
        .list()
        .map((t) => t.name)
        .join(', ')}`,
    ),
  );
  print(
    indent(
      `guest sees: ${guest
        .list()
        .map((t) => t.name)
        .join(', ')}`,
    ),
  );
  print('');
  for (const [who, view, toolCall] of [
    ['guest', guest, { name: 'git.reset', arguments: {} }],
    ['alice', alice, { name: 'git.reset', arguments: {} }],
  ] as const) {
    last = await view.dispatch(toolCall.name, toolCall.arguments);
    outcomes.push(last);
    report(print, toolCall, last, `${who}'s model`);
  }
  print(
    `The approver was asked ${container.get(ScriptedApprover).asked.length === 1 ? 'once' : `${container.get(ScriptedApprover).asked.length} times`} (a destructive call waits for a person's yes):`,
  );
  for (const line of container.get(ScriptedApprover).asked) print(indent(line));
  const trail = readFileSync(path.join(workspace, 'audit.jsonl'), 'utf8').trim().split('\n');
  print(
    `\nAudit trail (toolsModule({ audit }), one JSON line per call in audit.jsonl): ${trail.length} records, for example:`,
  );
  print(indent(trail.at(-1)!));
  print(
    `\nAudit log (AuditInterceptor, injected with the app's logger): ${container.get(AppLogger).lines.length} calls ran past guard and validation.`,
  );
  for (const line of container.get(AppLogger).lines) print(indent(line));
  return outcomes;
}

function report(print: (line: string) => void, toolCall: ToolCall, outcome: ToolOutcome, who = 'model'): void {
  print(`${who} → ${toolCall.name}(${JSON.stringify(toolCall.arguments)})`);
  if (outcome.ok) print(indent(`ok: ${JSON.stringify(outcome.value)}`));
  else print(indent(`${outcome.error.code}: ${outcome.error.message}`));
  print('');
}

/** A description's first sentence, cut to 60 characters, so the catalogue takes one line a tool. */
function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  const sentence = end === -1 ? text : text.slice(0, end + 1);
  return sentence.length > 60 ? `${sentence.slice(0, 59)}…` : sentence;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
