import { isSafePattern } from 'redos-detector';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';

/** How a regex is compiled: the flags that change what it matches. */
export interface PatternFlags {
  readonly unicode?: boolean;
  readonly caseInsensitive?: boolean;
  readonly multiLine?: boolean;
  readonly dotAll?: boolean;
}

type Verdict = 'safe' | 'invalid' | 'ambiguous' | 'unreadable';

const verdicts = new Map<string, Verdict>();

/**
 * Why a declared pattern cannot be used, or undefined when it can: it must compile, and it must
 * be unambiguous enough that no input makes a backtracking engine take super-linear time. The
 * check is redos-detector's (a maintained analyser of the backtracking trails of JavaScript
 * regexes), with a bounded search: a pattern it cannot prove safe within the bound is refused,
 * whether it found a bad trail, hit the bound or could not parse the syntax. Verdicts are cached
 * per pattern: the analysis of a bad pattern can take a good part of a second.
 */
export function patternProblem(source: string, flags: PatternFlags, where: string): DefinitionProblem | undefined {
  const verdict = verdictOf(source, flags);
  const shown = JSON.stringify(source.length > 200 ? `${source.slice(0, 200)}…` : source);
  switch (verdict) {
    case 'safe':
      return undefined;
    case 'invalid':
      return { where, code: 'invalid_pattern', message: `pattern ${shown} is not a valid regular expression` };
    case 'ambiguous':
      return {
        where,
        code: 'unsafe_pattern',
        message: `pattern ${shown} can take exponential or polynomial time on some inputs (nested or overlapping quantifiers, such as (a|aa)+, (a+)+ or .*a.*), so a model could block the process with one call; rewrite it without nested or overlapping quantifiers, or use a format, or a DTO with a custom constraint`,
      };
    case 'unreadable':
      return {
        where,
        code: 'unreadable_pattern',
        message: `pattern ${shown} uses syntax the backtracking check cannot read (named groups or backreferences, for example), so it cannot be shown to be safe; rewrite it without them, or use a format, or a DTO with a custom constraint`,
      };
  }
}

function verdictOf(source: string, flags: PatternFlags): Verdict {
  const key = `${flags.unicode ? 'u' : ''}${flags.caseInsensitive ? 'i' : ''}${flags.multiLine ? 'm' : ''}${flags.dotAll ? 's' : ''}/${source}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = analyse(source, flags);
    verdicts.set(key, verdict);
  }
  return verdict;
}

function analyse(source: string, flags: PatternFlags): Verdict {
  try {
    new RegExp(
      source,
      `${flags.unicode ? 'u' : ''}${flags.caseInsensitive ? 'i' : ''}${flags.multiLine ? 'm' : ''}${flags.dotAll ? 's' : ''}`,
    );
  } catch {
    // Converted: a pattern RegExp refuses is reported as invalid.
    return 'invalid';
  }
  try {
    return isSafePattern(source, { ...flags, maxSteps: 5000 }).safe ? 'safe' : 'ambiguous';
  } catch {
    // Converted: a pattern the analyser cannot read is reported as such.
    return 'unreadable';
  }
}
