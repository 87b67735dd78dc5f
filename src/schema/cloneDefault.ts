/** Defaults are copied per call so one call cannot change what the next one sees. */
export function cloneDefault(value: unknown): unknown {
  return value === null || typeof value !== 'object' ? value : (JSON.parse(JSON.stringify(value)) as unknown);
}
