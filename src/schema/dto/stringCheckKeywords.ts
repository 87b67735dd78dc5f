/**
 * What a string check of class-validator (validator.js 13) says in JSON Schema keywords: `exact` when the keywords
 * accept exactly what the check accepts, otherwise they are looser (a necessary condition of the check) and the check
 * is still named in the description. Never stricter: a value the check accepts always passes the keywords. Undefined
 * when the check's arguments change what it accepts in a way the keywords do not follow (a locale, options).
 */
export interface StringKeywords {
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly enum?: readonly string[];
  readonly exact: boolean;
}

const HASH_LENGTHS: Record<string, number> = {
  md5: 32,
  md4: 32,
  sha1: 40,
  sha256: 64,
  sha384: 96,
  sha512: 128,
  ripemd128: 32,
  ripemd160: 40,
  tiger128: 32,
  tiger160: 40,
  tiger192: 48,
  crc32: 8,
  crc32b: 8,
};

/** validator.js's own regexes where its check is that regex alone (the `i` flag spelled out as both cases). */
const EXACT: Record<string, string> = {
  isAscii: '^[\\u0000-\\u007F]+$',
  isMultibyte: '[^\\u0000-\\u007F]',
  isFullWidth: '[^\\u0020-\\u007E\\uFF61-\\uFF9F\\uFFA0-\\uFFDC\\uFFE8-\\uFFEE0-9a-zA-Z]',
  isHalfWidth: '[\\u0020-\\u007E\\uFF61-\\uFF9F\\uFFA0-\\uFFDC\\uFFE8-\\uFFEE0-9a-zA-Z]',
  isHexColor: '^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$',
  isHexadecimal: '^(0[xXhH])?[0-9A-Fa-f]+$',
  isOctal: '^(0[oO])?[0-7]+$',
  isBase58: '^[A-HJ-NP-Za-km-z1-9]*$',
  isBtcAddress: '^((bc1|tb1|bc1p|tb1p)[ac-hj-np-z02-9]{39,58}|(1|2|3|m)[A-HJ-NP-Za-km-z1-9]{25,39})$',
  isEthereumAddress: '^0[xX][0-9a-fA-F]{40}$',
  isISRC: '^[A-Z]{2}[0-9A-Z]{3}\\d{2}\\d{5}$',
  isRFC3339:
    '^[0-9]{4}-(0[1-9]|1[0-2])-([12]\\d|0[1-9]|3[01])[ tT]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([zZ]|[-+]([01][0-9]|2[0-3]):[0-5][0-9])$',
  isJwt: '^[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]*$',
  isMilitaryTime: '^([01]\\d|2[0-3]):?([0-5]\\d)$',
  isSemVer:
    '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$',
};

/** Necessary conditions of checks that do more than one regex (a checksum, a table, a parse). */
const LOOSE: Record<string, Omit<StringKeywords, 'exact'>> = {
  // A length % 8 check besides.
  isBase32: { pattern: '^[A-Z2-7]+=*$' },
  // A checksum besides.
  isEAN: { pattern: '^(\\d{8}|\\d{13}|\\d{14})$' },
  isBIC: { pattern: '^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$' },
  isMimeType: { pattern: '^[A-Za-z]+/' },
  isMagnetURI: { pattern: '^magnet:\\?' },
  isDataURI: { pattern: '^\\s*data:[^,]*,' },
  isHSL: { pattern: '^\\s*hsla?\\(' },
  isRgbColor: { pattern: '^rgba?\\(' },
  isIsbn: { pattern: '^[\\s0-9X-]+$' },
  isLatLong: { pattern: ',' },
  isMacAddress: { pattern: '^[0-9A-Fa-f:.\\s-]+$' },
  // Only A-Z lowercases to something else among the letters this rules out; other letters are checked by the check.
  isLowercase: { pattern: '^[^A-Z]*$' },
  isUppercase: { pattern: '^[^a-z]*$' },
  // Upper-cased before the lookup, and one character can upper-case to two ("ﬁ" is "FI").
  isISO31661Alpha2: { minLength: 1, maxLength: 2 },
  isISO31661Alpha3: { minLength: 1, maxLength: 3 },
  isISO4217CurrencyCode: { minLength: 1, maxLength: 3 },
  // Every ISO 8601 form validator.js accepts starts with a year; the date-time format would refuse most of them.
  isIso8601: { pattern: '^[+-]?\\d{4}' },
  isDateString: { pattern: '^[+-]?\\d{4}' },
  // Every address validator.js accepts has an @; the email format (RFC 5321) refuses some it accepts.
  isEmail: { pattern: '@' },
  // With a TLD required (the default), every accepted name has a dot; the hostname format refuses IDN labels.
  isFqdn: { pattern: '\\.' },
  // A zone index (fe80::1%eth0) is accepted, which the ipv6 format refuses.
  isIpV6: { pattern: ':' },
  // Parsed: an object or an array, so its first non-blank character opens one.
  isJson: { pattern: '^[\\t\\n\\r ]*[[{]' },
};

/**
 * class-validator's checks that are false for anything but a string (`typeof value === 'string' && …`), besides those
 * with keywords: they say the type.
 */
export const STRING_ONLY = new Set([
  'isIBAN',
  'isIdentityCard',
  'isLocale',
  'isPassportNumber',
  'isPostalCode',
  'isTaxId',
  'isCreditCard',
  'isCurrency',
  'isSurrogatePair',
  'isTimeZone',
  'isPhoneNumber',
  'isHash',
  'isByteLength',
  'isDecimal',
  'isStrongPassword',
  'isISSN',
  'isIsbn',
  'isBase64',
  'isBase32',
  'isJson',
  'isMacAddress',
  'isRgbColor',
  'notContains',
]);

/** The keywords for constraint `name` with arguments `args`, or undefined when it has none. */
export function stringCheckKeywords(name: string, args: readonly unknown[]): StringKeywords | undefined {
  const [a, b] = args;
  const noOptions = a === undefined || (isPlainObject(a) && Object.keys(a).length === 0);
  switch (name) {
    case 'isAlpha':
      return englishOnly(a, b) ? { pattern: '^[A-Za-z]+$', exact: true } : undefined;
    case 'isAlphanumeric':
      return englishOnly(a, b) ? { pattern: '^[0-9A-Za-z]+$', exact: true } : undefined;
    case 'isNumberString':
      if (noOptions) return { pattern: '^[+-]?([0-9]*[.])?[0-9]+$', exact: true };
      return isPlainObject(a) && a.no_symbols === true && a.locale === undefined
        ? { pattern: '^[0-9]+$', exact: true }
        : undefined;
    case 'isDecimal':
      // Digits around the locale's separator; how many after it is checked besides.
      return noOptions || (isPlainObject(a) && (a.locale === undefined || a.locale === 'en-US'))
        ? { pattern: '^[-+]?[0-9]*(\\.[0-9]*)?$', exact: false }
        : undefined;
    case 'isBooleanString':
      return { enum: ['true', 'false', '1', '0'], exact: true };
    case 'contains':
      return typeof a === 'string' && a !== '' && b === undefined
        ? { pattern: a.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), exact: true }
        : undefined;
    case 'isHash': {
      const length = typeof a === 'string' && Object.hasOwn(HASH_LENGTHS, a) ? HASH_LENGTHS[a] : undefined;
      return length === undefined ? undefined : { pattern: `^[a-fA-F0-9]{${length}}$`, exact: true };
    }
    case 'isMongoId':
      return { pattern: '^(0[xXhH])?[0-9A-Fa-f]+$', minLength: 24, maxLength: 24, exact: true };
    case 'IsFirebasePushId':
      return { pattern: '^[a-zA-Z0-9_-]*$', minLength: 20, maxLength: 20, exact: true };
    case 'isVariableWidth':
      return { pattern: EXACT.isFullWidth!, exact: false };
    case 'isBase64':
      return noOptions ? { pattern: '^([A-Za-z0-9+/]+={0,2})?$', exact: false } : undefined;
    case 'isIssn':
    case 'isISSN':
      return isPlainObject(a) && a.case_sensitive === true
        ? { pattern: '^\\d{4}-?\\d{3}[\\dX]$', exact: false }
        : { pattern: '^\\d{4}-?\\d{3}[\\dXx]$', exact: false };
    case 'isByteLength':
      // UTF-8 takes one to four bytes a character.
      return typeof a === 'number'
        ? {
            ...(a > 0 && { minLength: Math.ceil(a / 4) }),
            ...(typeof b === 'number' && { maxLength: b }),
            exact: false,
          }
        : undefined;
    case 'isStrongPassword': {
      // Counted in UTF-16 units: a character is one or two.
      const min = isPlainObject(a) && typeof a.minLength === 'number' ? a.minLength : 8;
      return min > 0 ? { minLength: Math.ceil(min / 2), exact: false } : undefined;
    }
    case 'isIp':
      return String(a) === '6' ? { ...LOOSE.isIpV6!, exact: false } : undefined;
    case 'isJson':
      return noOptions ? { ...LOOSE.isJson!, exact: false } : undefined;
    case 'isBase32':
      return noOptions ? { ...LOOSE.isBase32!, exact: false } : undefined;
    case 'isMacAddress':
      return noOptions ? { ...LOOSE.isMacAddress!, exact: false } : undefined;
    case 'isFqdn':
      return noOptions || (isPlainObject(a) && a.require_tld !== false)
        ? { ...LOOSE.isFqdn!, exact: false }
        : undefined;
    case 'isRgbColor':
      // allowSpaces, when set, strips spaces first.
      return isPlainObject(a) && a.allowSpaces === true ? undefined : { ...LOOSE.isRgbColor!, exact: false };
    default: {
      // Own keys only: a custom check may be named "constructor".
      if (Object.hasOwn(EXACT, name)) return { pattern: EXACT[name]!, exact: true };
      return Object.hasOwn(LOOSE, name) ? { ...LOOSE[name]!, exact: false } : undefined;
    }
  }
}

/** validator.js's default alphabet: no locale or en-US, and no characters ignored. */
function englishOnly(locale: unknown, options: unknown): boolean {
  return (
    (locale === undefined || locale === 'en-US') &&
    (options === undefined || (isPlainObject(options) && options.ignore === undefined))
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
