import type { RegisteredTool } from '../tools/RegisteredTool.js';

/** The resources and prompts a registry build compiled, and who declared each name and URI. */
export class EntryList {
  readonly resources: RegisteredTool[] = [];
  readonly prompts: RegisteredTool[] = [];
  /** Each name and URI taken, and by which declaration. */
  readonly owners = new Map<string, string>();
}
