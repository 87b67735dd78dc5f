import { formatMaxLengths, stringFormats } from '../stringFormats.js';
import { childPath, type ValidationRun } from '../ValidationRun.js';
import type { DtoConversion } from './DtoModel.js';

const { isArray } = Array;
const isDateTime = stringFormats['date-time'];

/**
 * What class-transformer's `@Type(() => Date | String | Number | Boolean)` does to a value (each
 * item of an array), before the checks: `String(v)`, `Number(v)`, `Boolean(v)`, and a `Date` from
 * a string. A Date comes only from an ISO 8601 date-time string, as the schema says
 * (`format: date-time`); class-transformer would also take a number or any text `new Date()`
 * reads, which is refused here, by name.
 */
export function convert(kind: DtoConversion, value: unknown, at: string, run: ValidationRun): unknown {
  if (value === null) return value;
  if (isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = value[i] === null ? null : convertOne(kind, value[i], childPath(at, i), run);
    return out;
  }
  return convertOne(kind, value, at, run);
}

function convertOne(kind: DtoConversion, value: unknown, at: string, run: ValidationRun): unknown {
  switch (kind) {
    case 'string':
      return String(value);
    case 'number':
      return Number(value);
    case 'boolean':
      return Boolean(value);
    case 'date':
      if (typeof value === 'string' && value.length <= formatMaxLengths['date-time'] && isDateTime(value)) return new Date(value);
      run.report(at, `must be an ISO 8601 date-time string such as "2024-03-07T09:30:00Z", got ${run.describe(value)}`, 'isDate');
      return value;
  }
}
