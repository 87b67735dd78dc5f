const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|PRIVATE|SESSION|COOKIE|DSN|DATABASE|CONN|URL|URI/i;
// user:password@ in any URL, whether or not it came from the environment.
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi;
const MIN_SECRET_LENGTH = 6;

/**
 * Replaces the value of every environment variable whose name looks secret (and of the names
 * given) with `[redacted]`, and the password of any `scheme://user:password@` URL. Error text is
 * shown to models and logged; secrets must not be.
 */
export function redactSecrets(text: string, alsoRedact: readonly string[] = []): string {
  let out = text;
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || value.length < MIN_SECRET_LENGTH) continue;
    if (!SECRET_NAME.test(name) && !alsoRedact.includes(name)) continue;
    if (out.includes(value)) out = out.split(value).join('[redacted]');
  }
  return out.replace(URL_CREDENTIALS, '$1[redacted]@');
}
