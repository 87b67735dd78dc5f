import { stringFormats } from '../stringFormats.js';
import { childPath, type ValidationRun } from '../ValidationRun.js';
import type { DtoConversion } from './DtoModel.js';

const { isArray } = Array;
const isDateTime = stringFormats['date-time'];
/** The common RFC 3339 form, checked without the general ISO 8601 parser, which is slow (bench/NOTES.md, hot path). */
const RFC_3339 =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/**
 * A date-time as the `date-time` format accepts it; the common form answered by a fast path that accepts only what the
 * format does.
 */
function isIsoDateTime(value: string): boolean {
  const m = RFC_3339.exec(value);
  if (m === null) return isDateTime(value);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  // The format refuses the years 0000 to 0099 (validator.js reads such a year as 19xx or 20xx), so the fast path does
  // too.
  return year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

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
    for (let i = 0; i < value.length; i++)
      out[i] = value[i] === null ? null : convertOne(kind, value[i], childPath(at, i), run);
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
      if (typeof value === 'string' && isIsoDateTime(value)) return new Date(value);
      run.report(
        at,
        `must be an ISO 8601 date-time string such as "2024-03-07T09:30:00Z", got ${run.describe(value)}`,
        'isDate',
      );
      return value;
  }
}
