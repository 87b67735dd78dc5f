import { ToolError } from './ToolError.js';
import type { ToolErrorPayload } from './ToolErrorPayload.js';

/** The tool declares a permission its host did not grant. Nothing ran. */
export class PermissionDeniedError extends ToolError {
  readonly code = 'permission_denied' as const;
  readonly retryable = false;
  protected static override readonly captureStack = false;

  constructor(readonly tool: string, readonly permission: string) {
    super(
      `${tool} requires the "${permission}" permission, which was not granted.\n` +
        'Retrying with different arguments will not help',
    );
  }

  override toPayload(): ToolErrorPayload {
    return { ...super.toPayload(), permission: this.permission };
  }
}
