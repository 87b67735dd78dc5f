import { listAllowed } from './listAllowed.js';
import type { StringShape } from './Shape.js';
import { stringFormats } from './stringFormats.js';
import type { ValidationRun } from './ValidationRun.js';

/** A string's declared checks, once it is a string within the limits: undefined when it declares none. */
export function stringConstraints(
  shape: StringShape,
): ((value: string, path: string, run: ValidationRun) => void) | undefined {
  const pattern = shape.pattern === undefined ? undefined : new RegExp(shape.pattern, 'u');
  const format = shape.format === undefined ? undefined : stringFormats[shape.format];
  const allowed = shape.enum === undefined ? undefined : new Set(shape.enum);
  const oneOf = allowed === undefined ? '' : listAllowed([...allowed].map((v) => JSON.stringify(v)));
  const { minLength, maxLength } = shape;
  if (
    pattern === undefined &&
    format === undefined &&
    allowed === undefined &&
    minLength === undefined &&
    maxLength === undefined
  )
    return undefined;
  return (value, path, run) => {
    if (allowed !== undefined && !allowed.has(value)) {
      run.report(path, `must be one of ${oneOf}, got ${run.describe(value)}`, 'isIn');
      return;
    }
    if (minLength !== undefined || maxLength !== undefined) {
      // n UTF-16 units are between n/2 and n characters: they are counted only when that range straddles a bound.
      const units = value.length;
      const straddles =
        (minLength !== undefined && units >= minLength && units < 2 * minLength) ||
        (maxLength !== undefined && units > maxLength);
      const length = straddles ? codePointLength(value) : units;
      if (minLength !== undefined && length < minLength) {
        run.report(
          path,
          `must be at least ${minLength} ${minLength === 1 ? 'character' : 'characters'} long`,
          'minLength',
        );
        return;
      }
      if (maxLength !== undefined && length > maxLength) {
        run.report(
          path,
          `must be at most ${maxLength} ${maxLength === 1 ? 'character' : 'characters'} long`,
          'maxLength',
        );
        return;
      }
    }
    // The pattern and the format run only on a value within its lengths, so their cost is bounded by the declaration.
    if (pattern !== undefined && !pattern.test(value))
      run.report(path, `must match the pattern ${shape.pattern}`, 'matches');
    if (format !== undefined && !format(value))
      run.report(path, `must be a valid ${shape.format}`, shape.format ?? 'format');
  };
}

/** JSON Schema counts characters as code points, so a surrogate pair is one character. */
function codePointLength(value: string): number {
  let length = value.length;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const d = value.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}
