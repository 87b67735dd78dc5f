import { Scope, type ScopeOptions } from '@nestjs/common';
import { SCOPE_OPTIONS_METADATA } from '@nestjs/common/constants.js';
import type { ModuleRef } from '@nestjs/core';

/**
 * An instance of `type` from Nest's container: the provider some module declares (`provided`, as
 * Nest's DiscoveryService lists them), or one Nest constructs in `moduleRef`'s scope when none
 * does. Refuses request- and transient-scoped classes.
 */
export async function resolveFromNest(moduleRef: ModuleRef, type: Function, provided: boolean): Promise<object> {
  const declared = Reflect.getMetadata(SCOPE_OPTIONS_METADATA, type) as ScopeOptions | undefined;
  const scope = provided ? moduleRef.introspect(type as new () => object).scope : declared?.scope;
  if (scope !== undefined && scope !== Scope.DEFAULT)
    throw scoped(type, scope === Scope.REQUEST ? 'request' : 'transient');
  if (provided) return moduleRef.get(type as new () => object, { strict: false });
  if (type.length > 0 && Reflect.getOwnMetadata('design:paramtypes', type) === undefined)
    throw new Error(
      `${type.name} takes constructor arguments but has no class decorator: add @Injectable() so Nest knows what to inject`,
    );
  try {
    return await moduleRef.create(type as new () => object);
  } catch (error) {
    // Converted to the refusal above: Nest's own message asks for create(type, contextId), not for the app.
    if ((error as Error | undefined)?.constructor?.name === 'RequestScopedCreateException')
      throw scoped(type, 'request');
    throw error;
  }
}

function scoped(type: Function, scope: 'request' | 'transient'): Error {
  return new Error(
    `${type.name} is a ${scope}-scoped Nest provider (or depends on one); hermes-tools resolves each class once, when the app starts: make it a singleton, and read the caller from the tool's context`,
  );
}
