/** The string formats a tool may declare (`@Arg('x', { format })`, a JSON Schema's `format`, `@IsEmail()`…). */
export type StringFormat = 'email' | 'uri' | 'uuid' | 'date-time' | 'date' | 'time' | 'ipv4' | 'ipv6' | 'hostname';
