import { Scope, type ScopeOptions } from '@nestjs/common';
import { SCOPE_OPTIONS_METADATA } from '@nestjs/common/constants.js';
import type { ModuleRef } from '@nestjs/core';

/**
 * An instance of `type` from Nest's container: the provider some module declares, or one Nest
 * constructs in `moduleRef`'s scope when none does. Refuses request- and transient-scoped classes.
 */
export async function resolveFromNest(moduleRef: ModuleRef, type: Function): Promise<object> {
  let scope: Scope | undefined;
  try {
    scope = moduleRef.introspect(type as new () => object).scope;
  } catch {
    // Converted: Nest answers "no module provides it" only by throwing; it is then constructed with
    // the scope its @Injectable() declares.
    scope = undefined;
    const declared = (Reflect.getMetadata(SCOPE_OPTIONS_METADATA, type) as ScopeOptions | undefined)?.scope;
    if (declared !== undefined && declared !== Scope.DEFAULT) scope = declared;
  }
  if (scope !== undefined && scope !== Scope.DEFAULT) throw scoped(type, scope === Scope.REQUEST ? 'request' : 'transient');
  if (scope !== undefined) return moduleRef.get(type as new () => object, { strict: false });
  if (type.length > 0 && Reflect.getOwnMetadata('design:paramtypes', type) === undefined)
    throw new Error(`${type.name} takes constructor arguments but has no class decorator: add @Injectable() so Nest knows what to inject`);
  try {
    return await moduleRef.create(type as new () => object);
  } catch (error) {
    // Nest's own message asks for create(type, contextId), which is not for the app to call here.
    if ((error as Error | undefined)?.constructor?.name === 'RequestScopedCreateException') throw scoped(type, 'request');
    throw error;
  }
}

function scoped(type: Function, scope: 'request' | 'transient'): Error {
  return new Error(
    `${type.name} is a ${scope}-scoped Nest provider (or depends on one); hermes-tools resolves each class once, when the app starts: make it a singleton, and read the caller from the tool's context`,
  );
}
