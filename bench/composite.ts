import { Ajv } from 'ajv';
import { JSON_SCHEMA, readBody } from './fixtures.js';

type Args = { path: string; maxBytes: number; encoding?: string };

/**
 * The peer of an @Arg call with a guard and two interceptors (../shared/reference/peer-baseline.md):
 * a permission checked with Set.has, the input copied and validated by compiled Ajv, two async
 * middleware closures, then the call.
 */
export function compositeCall(): (input: unknown) => Promise<unknown> {
  const ajv = new Ajv({ useDefaults: true, allErrors: true });
  const validate = ajv.compile(JSON_SCHEMA);
  const granted = new Set(['fs:read']);
  const middleware = (next: (a: Args) => Promise<unknown>) => async (a: Args) => next(a);
  const composite = middleware(middleware((a) => readBody(a.path, a.maxBytes)));
  return async (input) => {
    if (!granted.has('fs:read')) throw new Error('denied');
    const copy = { ...(input as object) } as Args;
    if (!validate(copy)) throw new Error(ajv.errorsText(validate.errors));
    return composite(copy);
  };
}
