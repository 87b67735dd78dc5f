/** What kind of definition problem it is: stable, so tools and tests can branch on it. */
export type DefinitionProblemCode =
  // @Resource, @ResourceTemplate, @Prompt: their options, URI, template, arguments
  | 'invalid_entry'
  | 'duplicate_entry'
  // @Tool options
  | 'missing_name'
  | 'invalid_name'
  | 'missing_description'
  | 'invalid_version'
  | 'invalid_deprecated'
  | 'invalid_tags'
  | 'invalid_task'
  | 'invalid_timeout'
  | 'invalid_result_budget'
  | 'invalid_content_limits'
  | 'invalid_hint'
  | 'invalid_metadata'
  | 'invalid_output'
  | 'invalid_permission'
  // options of @Tool, @Arg, @Example, @Requires that are not an object, or hold a key none of them knows
  | 'invalid_option'
  // declarations read from metadata
  | 'missing_tool_decorator'
  | 'conflicting_tool_decorators'
  | 'symbol_handler'
  | 'missing_handler'
  | 'missing_metadata'
  | 'undecorated_parameter'
  | 'duplicate_input'
  | 'invalid_input_type'
  | 'mixed_input_and_args'
  | 'invalid_arg_name'
  | 'duplicate_arg'
  | 'invalid_default'
  | 'invalid_example'
  // types, schemas and DTOs
  | 'type_thunk_threw'
  | 'misplaced_constraint'
  | 'unknown_format'
  | 'invalid_pattern'
  | 'unsafe_pattern'
  | 'unreadable_pattern'
  // a remote server's pattern left unchecked: its listing spent the time allowed for checking patterns
  | 'unchecked_pattern'
  | 'invalid_enum'
  // a constraint out of its range (a multipleOf of 0 or less)
  | 'invalid_constraint'
  | 'missing_item_type'
  | 'date_type'
  | 'untellable_type'
  | 'empty_dto'
  | 'forbidden_key'
  | 'missing_nested_type'
  | 'unsupported_keyword'
  | 'invalid_type'
  | 'invalid_schema'
  | 'invalid_header'
  // the type manifest (hermes-tools typegen): a decorator beyond its TypeScript type, a manifest out of date or malformed
  | 'type_conflict'
  | 'stale_manifest'
  | 'invalid_manifest'
  // wiring
  | 'invalid_interceptor'
  | 'invalid_guard'
  | 'invalid_approver'
  | 'invalid_audit_sink'
  | 'container_failed'
  | 'duplicate_module'
  | 'invalid_toolset'
  | 'duplicate_toolset'
  | 'not_a_class'
  | 'not_a_registered_tool'
  | 'duplicate_name'
  | 'invalid_module_option'
  // queues (hermes-tools/queue)
  | 'invalid_worker'
  | 'queue_unreachable'
  // remote MCP servers (hermes-tools/mcp)
  | 'remote_unreachable'
  // a problem given to ToolDefinitionError as a plain string
  | 'unspecified';

/**
 * One thing wrong with how tools were declared or wired, as data: where it is, what kind, and
 * what to do. `ToolDefinitionError` formats each as `${where}: ${message}` (the message alone
 * when `where` is empty, for a message that names its subject itself).
 */
export interface DefinitionProblem {
  /** What is at fault: `ReadFile.execute @Arg('path')`, `toolset "fs"`, `PermissionSet`… */
  readonly where: string;
  readonly code: DefinitionProblemCode;
  /** What is wrong and what to write instead. */
  readonly message: string;
}
