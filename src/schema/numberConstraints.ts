import { listAllowed } from './listAllowed.js';
import type { NumberShape } from './Shape.js';
import type { ValidationRun } from './ValidationRun.js';

/**
 * A number's declared checks, once it is a finite number (an integer if declared so): undefined when it declares none.
 */
export function numberConstraints(
  shape: NumberShape,
): ((value: number, path: string, run: ValidationRun) => void) | undefined {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = shape;
  const allowed = shape.enum === undefined ? undefined : new Set(shape.enum);
  const oneOf = allowed === undefined ? '' : listAllowed([...allowed].map(String));
  if (
    allowed === undefined &&
    minimum === undefined &&
    maximum === undefined &&
    exclusiveMinimum === undefined &&
    exclusiveMaximum === undefined &&
    multipleOf === undefined
  )
    return undefined;
  return (value, path, run) => {
    if (allowed !== undefined && !allowed.has(value)) {
      run.report(path, `must be one of ${oneOf}${got(value, run)}`, 'isIn');
      return;
    }
    if (minimum !== undefined && value < minimum) run.report(path, `must be >= ${minimum}${got(value, run)}`, 'min');
    if (maximum !== undefined && value > maximum) run.report(path, `must be <= ${maximum}${got(value, run)}`, 'max');
    if (exclusiveMinimum !== undefined && value <= exclusiveMinimum)
      run.report(path, `must be > ${exclusiveMinimum}${got(value, run)}`, 'exclusiveMinimum');
    if (exclusiveMaximum !== undefined && value >= exclusiveMaximum)
      run.report(path, `must be < ${exclusiveMaximum}${got(value, run)}`, 'exclusiveMaximum');
    // As Ajv decides it: the quotient is an integer.
    if (multipleOf !== undefined && !Number.isInteger(value / multipleOf))
      run.report(path, `must be a multiple of ${multipleOf}${got(value, run)}`, 'isDivisibleBy');
  };
}

/**
 * What a message says was received: made only on the way to an issue, since turning a number into text is most of a
 * passing check's cost.
 */
function got(value: number, run: ValidationRun): string {
  return run.quoteValues ? `, got ${run.shown(value)}` : '';
}
