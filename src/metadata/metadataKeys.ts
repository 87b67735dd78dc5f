import { descriptionKey } from '../schema/dto/getDescription.js';

/** Reflect-metadata keys under which the decorators record what they were given. */
export const metadataKeys = {
  classTool: Symbol.for('hermes-tools:class-tool'),
  methodTools: Symbol.for('hermes-tools:method-tools'),
  permissions: Symbol.for('hermes-tools:permissions'),
  examples: Symbol.for('hermes-tools:examples'),
  interceptors: Symbol.for('hermes-tools:interceptors'),
  guards: Symbol.for('hermes-tools:guards'),
  approval: Symbol.for('hermes-tools:approval'),
  requires: Symbol.for('hermes-tools:requires'),
  params: Symbol.for('hermes-tools:params'),
  classEntry: Symbol.for('hermes-tools:class-entry'),
  methodEntries: Symbol.for('hermes-tools:method-entries'),
  completers: Symbol.for('hermes-tools:completers'),
  description: descriptionKey,
} as const;
