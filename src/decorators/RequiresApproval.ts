import { metadataKeys } from '../metadata/metadataKeys.js';
import { updateOwnMetadata } from '../metadata/updateOwnMetadata.js';

/**
 * Every call of the tool waits for a human's approval (`toolsModule({ approvals })`) after its
 * input is validated and before it runs. `reason` is shown to the person asked.
 */
export function RequiresApproval(reason?: string): ClassDecorator & MethodDecorator {
  return ((target: object, property?: string | symbol) => {
    updateOwnMetadata<{ reason?: string }>(
      metadataKeys.approval,
      target,
      property,
      () => ({}),
      () => (reason === undefined ? {} : { reason }),
    );
  }) as ClassDecorator & MethodDecorator;
}
