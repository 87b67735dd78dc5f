import { ToolNotFoundError } from '../errors/ToolNotFoundError.js';
import { ToolValidationError } from '../errors/ToolValidationError.js';
import type { ToolError } from '../errors/ToolError.js';
import { newCallId } from '../context/newCallId.js';
import { ownValue } from '../internal/ownValue.js';
import { closestNames } from '../registry/closestNames.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { CallOptions } from '../contracts/CallOptions.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import type { ProviderNames } from './ProviderNames.js';

/**
 * The longest arguments text read: past it, parsing alone would block for tens of milliseconds, and no tool's limits
 * would accept it.
 */
const MAX_ARGUMENTS_TEXT = 2_000_000;

/**
 * The way back from a provider: the tool call's name is mapped to the registry's, its arguments
 * (JSON text or already parsed) are read, and the call goes through `registry.dispatch`.
 * Unknown names and unreadable JSON come back as outcomes, like every other error.
 */
export async function dispatchProviderCall(
  registry: ToolRegistry,
  names: ProviderNames,
  providerName: string,
  args: unknown,
  options: CallOptions | undefined,
  prepare: (tool: string, args: unknown) => unknown = (_tool, a) => a,
): Promise<ToolOutcome> {
  const tool = typeof providerName === 'string' ? names.toRegistry(providerName) : undefined;
  if (tool === undefined) {
    const wanted = typeof providerName === 'string' ? providerName : String(providerName);
    // Only what this registry (or view) lists may be suggested: a caller's view hides the rest.
    const listed = new Set(registry.list().map((t) => t.name));
    const visible = names.providerNames().filter((n) => listed.has(names.toRegistry(n)!));
    return failure(wanted.slice(0, 200), options, new ToolNotFoundError(wanted, closestNames(wanted, visible)));
  }
  let value = args;
  if (typeof args === 'string') {
    if (args.length > MAX_ARGUMENTS_TEXT) {
      return failure(
        tool,
        options,
        new ToolValidationError(tool, [
          {
            path: '',
            message: `the arguments are ${args.length} characters of JSON, more than the ${MAX_ARGUMENTS_TEXT} a call may send`,
            constraint: 'limit',
          },
        ]),
      );
    }
    try {
      value = args.trim() === '' ? {} : (JSON.parse(args) as unknown);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unreadable';
      return failure(
        tool,
        options,
        new ToolValidationError(tool, [
          {
            path: '',
            message: `the arguments are not valid JSON (${reason}); send one JSON object`,
            constraint: 'isJson',
          },
        ]),
      );
    }
  }
  return registry.dispatch(tool, prepare(tool, value), options);
}

function failure(tool: string, options: CallOptions | undefined, error: ToolError): ToolOutcome {
  return { ok: false, tool, callId: ownValue(options, 'callId') ?? newCallId(), error: error.toPayload() };
}

/** A successful value as the text a provider's tool-result message carries. */
export function resultText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
