import type { ServiceIdentifier } from 'inversify';
import type { ToolContext as ToolContextContract } from '../contracts/ToolContext.js';

/** What a tool knows about the call it is serving (see the contract in `contracts/ToolContext.ts`). */
export type ToolContext<Caller = unknown> = ToolContextContract<Caller>;

/** The injection token of the current call's ToolContext, for call-scoped tools and their dependencies. */
export const ToolContext: ServiceIdentifier<ToolContext> = Symbol.for('hermes-tools:ToolContext');
