import { Scope } from '@nestjs/common';
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
    scope = undefined;
  }
  if (scope !== undefined && scope !== Scope.DEFAULT) {
    throw new Error(
      `${type.name} is a ${scope === Scope.REQUEST ? 'request' : 'transient'}-scoped Nest provider (or depends on one); hermes-tools resolves each class once, when the app starts: make it a singleton, and read the caller from the tool's context`,
    );
  }
  if (scope !== undefined) return moduleRef.get(type as new () => object, { strict: false });
  if (type.length > 0 && Reflect.getOwnMetadata('design:paramtypes', type) === undefined)
    throw new Error(`${type.name} takes constructor arguments but has no class decorator: add @Injectable() so Nest knows what to inject`);
  return moduleRef.create(type as new () => object);
}
