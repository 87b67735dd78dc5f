import { ApprovalDeniedError } from './ApprovalDeniedError.js';
import { OutputValidationError } from './OutputValidationError.js';
import { PermissionDeniedError } from './PermissionDeniedError.js';
import { ToolAbortedError } from './ToolAbortedError.js';
import { ToolDefinitionError } from './ToolDefinitionError.js';
import type { ToolError } from './ToolError.js';
import { ToolExecutionError } from './ToolExecutionError.js';
import { ToolNotFoundError } from './ToolNotFoundError.js';
import { ToolTimeoutError } from './ToolTimeoutError.js';
import { ToolUnavailableError } from './ToolUnavailableError.js';
import { ToolValidationError } from './ToolValidationError.js';

const LIBRARY = new Set<Function>([
  ApprovalDeniedError,
  OutputValidationError,
  PermissionDeniedError,
  ToolAbortedError,
  ToolDefinitionError,
  ToolExecutionError,
  ToolNotFoundError,
  ToolTimeoutError,
  ToolUnavailableError,
  ToolValidationError,
]);

/**
 * Whether `error` is an instance of one of the library's own classes (not a subclass): its
 * payload is made by code that redacted every field when the error was made.
 */
export function isLibraryError(error: ToolError): boolean {
  return LIBRARY.has(error.constructor);
}
