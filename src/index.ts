/**
 * hermes-tools: tools for LLM agents as injectable TypeScript classes.
 * This file is the whole public API; nothing else in the package is meant to be imported.
 *
 * @module hermes-tools
 */
import 'reflect-metadata';

// Declaring tools
export { Tool } from './decorators/Tool.js';
export { Permissions } from './decorators/Permissions.js';
export { Example } from './decorators/Example.js';
export { UseInterceptors } from './decorators/UseInterceptors.js';
export { UseGuards } from './decorators/UseGuards.js';
export { Resource } from './decorators/Resource.js';
export { ResourceTemplate } from './decorators/ResourceTemplate.js';
export { Prompt } from './decorators/Prompt.js';
export { Complete } from './decorators/Complete.js';
export type { ResourceOptions, ResourceTemplateOptions, PromptOptions } from './metadata/EntryOptions.js';
export type { ResourceDefinition, ResourceTemplateDefinition } from './contracts/ResourceDefinition.js';
export type { PromptDefinition, PromptArgument } from './contracts/PromptDefinition.js';
export type { ResourceContents, ResourceBody, ResourceReturn } from './contracts/ResourceContents.js';
export type { PromptMessage, PromptReturn } from './contracts/PromptMessage.js';
export type { ResourceOutcome } from './contracts/ResourceOutcome.js';
export type { PromptOutcome } from './contracts/PromptOutcome.js';
export type { Completion, CompletionContext, CompletionReference } from './contracts/Completion.js';
export { ResourceUpdates } from './registry/ResourceUpdates.js';
export { ResourceNotFoundError } from './errors/ResourceNotFoundError.js';
export { PromptNotFoundError } from './errors/PromptNotFoundError.js';
export { RequiresApproval } from './decorators/RequiresApproval.js';
export { Requires } from './decorators/Requires.js';
export { Arg } from './decorators/Arg.js';
export { Input } from './decorators/Input.js';
export { Ctx } from './decorators/Ctx.js';
export { Description } from './decorators/Description.js';
export type { ToolOptions } from './metadata/ToolOptions.js';
export type { ToolHints } from './contracts/ToolHints.js';
export type { TaskSupport } from './contracts/TaskSupport.js';
export type { SpentApprovalStore } from './contracts/SpentApprovalStore.js';
export type { TaskStore, TaskRecord, TaskStatus, NewTask, TaskCancellation, TaskPage } from './contracts/TaskStore.js';
export type { ArgOptions, TypeSpec } from './contracts/ArgOptions.js';
export type { ExampleOptions } from './contracts/ExampleOptions.js';
export type { RequiresOptions } from './metadata/RequiresOptions.js';
export type { JsonSchema } from './contracts/JsonSchema.js';
export type { StringFormat } from './contracts/StringFormat.js';

// Composition root
export { toolset } from './di/toolset.js';
export { toolsModule } from './di/toolsModule.js';
export type { ToolsetOptions } from './di/ToolsetOptions.js';
export type { ToolsModuleOptions } from './di/ToolsModuleOptions.js';
export { typeManifest } from './metadata/typeManifest.js';
export type { TypeManifest, TypeManifestEntry, TypeManifestParam } from './contracts/TypeManifest.js';
export type { ValidationLimits } from './schema/ValidationLimits.js';

// Registry and calls
export { ToolRegistry } from './registry/ToolRegistry.js';
export type { ToolFilter } from './registry/ToolFilter.js';
export type { CallerIdentity } from './registry/CallerIdentity.js';
export type { ForCallerOptions } from './registry/ForCallerOptions.js';
export type { ToolRegistryOptions } from './registry/ToolRegistryOptions.js';
export type { AuditDestination } from './pipeline/AuditTrail.js';
export { MemoryResultStore, type MemoryResultStoreOptions } from './registry/MemoryResultStore.js';
export type { ResultStore, StoredResult, ResultBudgetOptions } from './contracts/ResultStore.js';
export type { RegisteredTool } from './tools/RegisteredTool.js';
export type { ToolDefinition } from './contracts/ToolDefinition.js';
export type { ToolOutcome } from './contracts/ToolOutcome.js';
export { ToolResult } from './results/ToolResult.js';
export { Content } from './results/Content.js';
export { DEFAULT_CONTENT_MIME_TYPES } from './results/contentDefaults.js';
export type {
  ContentPart,
  TextPart,
  ImagePart,
  AudioPart,
  ResourceLinkPart,
  EmbeddedResourcePart,
} from './contracts/ContentPart.js';
export type { ContentLimits } from './contracts/ContentLimits.js';
export type {
  Question,
  QuestionField,
  QuestionAnswer,
  QuestionRequest,
  QuestionReply,
  AskFunction,
  AskedQuestion,
  QuestionEnd,
  QuestionAsker,
  QuestionOptions,
} from './contracts/Question.js';
export type { LogLine } from './contracts/LogLine.js';
export type { CallOptions } from './contracts/CallOptions.js';
export type { InputValidation } from './contracts/InputValidation.js';
export { ToolContext } from './context/ToolContextToken.js';
export { silentLogger } from './context/silentLogger.js';
export type { Logger } from './contracts/Logger.js';

// Permissions and wrappers
export { PermissionSet } from './permissions/PermissionSet.js';
export type { PermissionGrant } from './contracts/PermissionGrant.js';
export type { Newable } from './contracts/Newable.js';
export { withPermissions, withPermissionsAll } from './tools/withPermissions.js';
export { withMiddleware } from './tools/withMiddleware.js';
export type { ToolMiddleware, ToolInterceptor, InterceptorLike, NextFunction } from './contracts/ToolMiddleware.js';
export type {
  ToolGuard,
  GuardRequest,
  QuestionGuardRequest,
  GuardFunction,
  GuardLike,
  GuardVerdict,
} from './contracts/ToolGuard.js';
export type {
  ApprovalRequest,
  ApprovalAnswer,
  ApproveFunction,
  ToolApprover,
  ApproverLike,
  ApprovalOptions,
} from './contracts/ToolApprover.js';

// Observing calls
export { CALL_CHANNEL, type CallMessage, captureCallContent } from './pipeline/callChannel.js';
export type {
  AuditRecord,
  AuditSink,
  AuditSinkFunction,
  AuditSinkLike,
  AuditOptions,
} from './contracts/AuditRecord.js';

// Errors
export { ToolError } from './errors/ToolError.js';
export { ToolNotFoundError } from './errors/ToolNotFoundError.js';
export { ToolValidationError } from './errors/ToolValidationError.js';
export { PermissionDeniedError } from './errors/PermissionDeniedError.js';
export type { Denial } from './contracts/Denial.js';
export { ApprovalDeniedError } from './errors/ApprovalDeniedError.js';
export { QuestionNotAnsweredError, type NotAnsweredReason } from './errors/QuestionNotAnsweredError.js';
export { ToolUnavailableError } from './errors/ToolUnavailableError.js';
export { ToolTimeoutError } from './errors/ToolTimeoutError.js';
export { ToolAbortedError } from './errors/ToolAbortedError.js';
export { ToolExecutionError } from './errors/ToolExecutionError.js';
export { OutputValidationError } from './errors/OutputValidationError.js';
export { ToolDefinitionError } from './errors/ToolDefinitionError.js';
export type { ToolErrorCode } from './contracts/ToolErrorCode.js';
export type { DefinitionProblem, DefinitionProblemCode } from './contracts/DefinitionProblem.js';
export type { ToolErrorPayload } from './contracts/ToolErrorPayload.js';
export type { ValidationIssue } from './contracts/ValidationIssue.js';
