import type { EntryMeta } from '../contracts/EntryMeta.js';
import { coreOf } from '../tools/createRegisteredTool.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';

/** What makes a compiled entry a resource, a template or a prompt. */
export function metaOf(tool: RegisteredTool): EntryMeta | undefined {
  return coreOf(tool).entry;
}
