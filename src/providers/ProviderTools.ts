import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { CallOptions } from '../contracts/CallOptions.js';
import type { ProviderToolResult } from './ProviderToolResult.js';
import type { ToolConversionReport } from './ToolConversionReport.js';

/** Tools converted for one provider, with the report of what changed and the way back. */
export interface ProviderTools<TTool, TCall, TMessage> {
  /** The tool definitions to send in the provider's request. */
  readonly tools: TTool[];
  /** One entry per definition given: its provider name and what changed. */
  readonly report: ToolConversionReport[];
  /** The registry name for a name the provider sends back. */
  toolName(providerName: string): string | undefined;
  /**
   * Runs a tool call the model made, through `registry.dispatch`, and returns the provider's
   * tool-result message for it. Never rejects: errors become error results the model can act on.
   */
  dispatch(registry: ToolRegistry, call: TCall, options?: CallOptions): Promise<ProviderToolResult<TMessage>>;
}
