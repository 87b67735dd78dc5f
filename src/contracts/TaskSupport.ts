/**
 * Whether a tool runs as an MCP task (the 2025-11-25 specification's task-augmented `tools/call`):
 * `required`, the client must ask for a task; `optional`, it may; `forbidden` (the default), it may not.
 */
export type TaskSupport = 'optional' | 'required' | 'forbidden';
