import type { ContentLimits } from '../contracts/ContentLimits.js';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { ownOptions } from '../internal/ownOptions.js';
import type { ResolvedContentLimits } from '../contracts/ResolvedContentLimits.js';

const KEYS = [
  'maxParts',
  'maxPartBytes',
  'maxResultBytes',
  'mimeTypes',
] as const satisfies readonly (keyof ContentLimits)[];
/** A MIME type or a family of them: `image/png`, `audio/*`. */
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,126})$/i;

/**
 * `given` (`toolsModule({ content })` or `@Tool({ content })`) over `base`, each key read as an own key; what cannot be
 * used is pushed to `problems` (naming `where`) and the base's value is kept.
 */
export function resolveContentLimits(
  given: ContentLimits | undefined,
  base: ResolvedContentLimits,
  where: string,
  problems: DefinitionProblem[],
): ResolvedContentLimits {
  if (given === undefined) return base;
  const problem = (message: string): void => void problems.push({ where, code: 'invalid_content_limits', message });
  if (typeof given !== 'object' || given === null) {
    problem('content must be an object { maxParts?, maxPartBytes?, maxResultBytes?, mimeTypes? }');
    return base;
  }
  const { options, problem: unknown } = ownOptions(given, KEYS);
  if (unknown !== undefined) problem(`content: ${unknown}`);
  const count = (key: 'maxParts' | 'maxPartBytes' | 'maxResultBytes'): number => {
    const value = options[key];
    if (value === undefined) return base[key];
    if (Number.isSafeInteger(value) && value >= 1) return value;
    problem(`content.${key} must be a whole number of at least 1, got ${String(value)}`);
    return base[key];
  };
  let mimeTypes = base.mimeTypes;
  if (options.mimeTypes !== undefined) {
    const list = options.mimeTypes;
    if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string' && MIME.test(entry)))
      problem('content.mimeTypes must be MIME types or families of them: ["image/png", "audio/*"]');
    else mimeTypes = Object.freeze([...list]);
  }
  return Object.freeze({
    maxParts: count('maxParts'),
    maxPartBytes: count('maxPartBytes'),
    maxResultBytes: count('maxResultBytes'),
    mimeTypes,
  });
}
