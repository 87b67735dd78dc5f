/** Every code a {@link ToolError} can carry. Stable: hosts and models branch on these. */
export type ToolErrorCode =
  | 'tool_not_found'
  | 'resource_not_found'
  | 'prompt_not_found'
  | 'invalid_input'
  | 'permission_denied'
  | 'approval_denied'
  | 'not_answered'
  | 'tool_unavailable'
  | 'timeout'
  | 'aborted'
  | 'execution_failed'
  | 'invalid_output'
  | 'invalid_definition';
