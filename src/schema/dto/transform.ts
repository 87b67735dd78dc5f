import { TransformationType } from 'class-transformer';
import type { ValidationRun } from '../ValidationRun.js';
import { copyTransformed } from './copyTransformed.js';
import type { DtoTransform } from './DtoModel.js';

/** The `options` a transform receives: plainToInstance's, as ValidationPipe calls it (no groups, no version). */
const TRANSFORM_OPTIONS = Object.freeze({});

/**
 * Runs a property's `@Transform`s on a value, as plainToInstance does: in order, each given the
 * previous one's result, the property name as `key`, and the received arguments object as `obj`.
 * A transform that throws is reported as an issue on the property (a bad value, not a crash),
 * without its message, which may quote the value; what it returns is held to the limits
 * (see `copyTransformed`).
 */
export function transform(
  transforms: readonly DtoTransform[],
  value: unknown,
  key: string,
  obj: Record<string, unknown>,
  at: string,
  run: ValidationRun,
  depth: number,
): unknown {
  let out = value;
  try {
    for (const fn of transforms)
      out = fn({ value: out, key, obj, type: TransformationType.PLAIN_TO_CLASS, options: TRANSFORM_OPTIONS });
  } catch {
    // Converted to a validation issue; the transform's own text is not repeated to the model.
    run.report(
      at,
      `could not be read: its @Transform failed on ${run.describe(value)}; send a value of the type the schema gives`,
      'transform',
    );
    return value;
  }
  return out === value ? out : copyTransformed(out, at, run, depth + 1);
}
