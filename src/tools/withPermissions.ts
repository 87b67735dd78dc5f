import type { PermissionSet } from '../permissions/PermissionSet.js';
import { resolveGuard } from '../pipeline/resolveGuard.js';
import { coreOf, createRegisteredTool } from './createRegisteredTool.js';
import type { RegisteredTool } from './RegisteredTool.js';

/**
 * A copy of `tool` that is refused unless `granted` allows every permission it declares. Guards
 * add up: a tool from a registry keeps its toolset's grant as well.
 */
export function withPermissions(tool: RegisteredTool, granted: PermissionSet): RegisteredTool {
  const core = coreOf(tool);
  return createRegisteredTool({
    ...core,
    guards: [...core.guards, resolveGuard(granted, `withPermissions ${granted.toString()}`)],
  });
}

/** {@link withPermissions} for a whole toolset at once, so none is forgotten. */
export function withPermissionsAll(tools: readonly RegisteredTool[], granted: PermissionSet): RegisteredTool[] {
  return tools.map((tool) => withPermissions(tool, granted));
}
