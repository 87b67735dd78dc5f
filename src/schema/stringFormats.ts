import { isEmail, isFQDN, isIP, isISO8601, isURL, isUUID } from 'class-validator';

/** The string formats a tool may declare. Checked with class-validator's own checks (validator.js). */
export const stringFormats = {
  email: (v: string) => isEmail(v),
  uri: (v: string) => isURL(v, { require_protocol: true, require_tld: false }),
  uuid: (v: string) => isUUID(v),
  'date-time': (v: string) => /^\d{4}-\d{2}-\d{2}T/.test(v) && isISO8601(v, { strict: true }),
  date: (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isISO8601(v, { strict: true }),
  time: (v: string) => /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(v),
  ipv4: (v: string) => isIP(v, 4),
  ipv6: (v: string) => isIP(v, 6),
  hostname: (v: string) => isFQDN(v, { require_tld: false }),
} as const satisfies Record<string, (value: string) => boolean>;

export type StringFormat = keyof typeof stringFormats;

export function isStringFormat(format: unknown): format is StringFormat {
  return typeof format === 'string' && Object.hasOwn(stringFormats, format);
}
