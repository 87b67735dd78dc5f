import { isEmail, isFQDN, isIP, isISO8601, isURL, isUUID } from 'class-validator';
import type { StringFormat } from '../contracts/StringFormat.js';

/** The regexes the format checks run themselves; each is linear (test/unit/regexSafety checks them). */
export const formatPatterns = {
  dateTimeStart: /^\d{4}-\d{2}-\d{2}T/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?$/,
} as const;

/**
 * The longest string each format checks: a longer one fails the format before any check runs on
 * it. From the standards where they say (email RFC 5321: 254; hostname RFC 1035: 253; uuid: 36;
 * ipv6 with a zone: 45 + zone), the longest URL validator.js accepts (2,084), and a generous
 * bound for the ISO 8601 forms (a date-time with nanoseconds and an offset is 35 characters).
 */
export const formatMaxLengths = {
  email: 254,
  uri: 2_084,
  uuid: 36,
  'date-time': 64,
  date: 10,
  time: 32,
  ipv4: 15,
  ipv6: 64,
  hostname: 253,
} as const satisfies Record<StringFormat, number>;

const checks = {
  email: (v: string) => isEmail(v),
  uri: (v: string) => isURL(v, { require_protocol: true, require_tld: false }),
  uuid: (v: string) => isUUID(v),
  'date-time': (v: string) => formatPatterns.dateTimeStart.test(v) && isISO8601(v, { strict: true }),
  date: (v: string) => formatPatterns.date.test(v) && isISO8601(v, { strict: true }),
  time: (v: string) => formatPatterns.time.test(v),
  ipv4: (v: string) => isIP(v, 4),
  ipv6: (v: string) => isIP(v, 6),
  hostname: (v: string) => isFQDN(v, { require_tld: false }),
} as const satisfies Record<StringFormat, (value: string) => boolean>;

/**
 * The string formats a tool may declare. Checked with class-validator's own checks (validator.js), on strings within
 * the format's maximum length only.
 */
export const stringFormats = Object.fromEntries(
  Object.entries(checks).map(([format, check]) => {
    const max = formatMaxLengths[format as StringFormat];
    return [format, (v: string) => v.length <= max && check(v)];
  }),
) as Record<StringFormat, (value: string) => boolean>;

export function isStringFormat(format: unknown): format is StringFormat {
  return typeof format === 'string' && Object.hasOwn(formatMaxLengths, format);
}
