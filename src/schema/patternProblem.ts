import { isSafePattern } from 'redos-detector';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { BoundedCache } from '../internal/BoundedCache.js';
import { hasScanningLookaround } from './scanningLookaround.js';

/** How a regex is compiled: the flags that change what it matches. */
export interface PatternFlags {
  readonly unicode?: boolean;
  readonly caseInsensitive?: boolean;
  readonly multiLine?: boolean;
  readonly dotAll?: boolean;
}

/**
 * The time left for checking patterns not checked before, spent by each check: one per listing of a remote server,
 * whose patterns can each take a good part of a second to analyse. Undefined for the app's own declarations.
 */
export interface PatternCheckBudget {
  remainingMs: number;
  /** What the budget is, for the problem that says it was spent: "the 500 ms of limits.maxPatternCheckMs". */
  readonly what: string;
}

type Verdict = 'safe' | 'invalid' | 'ambiguous' | 'scanning' | 'unreadable' | 'unchecked';

/** Verdicts of patterns up to this long are kept; a longer one is analysed each time (within any budget). */
const MAX_KEPT_SOURCE = 1_000;
const verdicts = new BoundedCache<string, Verdict>(2_000);

/**
 * Why a declared pattern cannot be used, or undefined when it can: it must compile, and it must
 * be unambiguous enough that no input makes a backtracking engine take super-linear time. The
 * check is redos-detector's (a maintained analyser of the backtracking trails of JavaScript
 * regexes), with a bounded search: a pattern it cannot prove safe within the bound is refused,
 * whether it found a bad trail, hit the bound or could not parse the syntax. Verdicts are cached
 * per pattern: the analysis of a bad pattern can take a good part of a second. With a `budget`, an analysis stops
 * when the budget is spent, and the pattern is refused as unchecked (and checked again next time).
 */
export function patternProblem(
  source: string,
  flags: PatternFlags,
  where: string,
  budget?: PatternCheckBudget,
): DefinitionProblem | undefined {
  const verdict = verdictOf(source, flags, budget);
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
    case 'scanning':
      return {
        where,
        code: 'unsafe_pattern',
        message: `pattern ${shown} has a lookaround ((?=…), (?!…), (?<=…) or (?<!…)) that can read to the end of the text and is tried at every position, which takes quadratic time on a long value; put such lookarounds right after a leading ^ (as in ^(?=.*\\d)), or bound what they read (100 characters at most), or use a DTO with a custom constraint`,
      };
    case 'unreadable':
      return {
        where,
        code: 'unreadable_pattern',
        message: `pattern ${shown} uses syntax the backtracking check cannot read (named groups or backreferences, for example), so it cannot be shown to be safe; rewrite it without them, or use a format, or a DTO with a custom constraint`,
      };
    case 'unchecked':
      return {
        where,
        code: 'unchecked_pattern',
        message: `pattern ${shown} was not checked for super-linear time: checking the patterns of this listing spent ${budget?.what ?? 'the time allowed'}; the tool is tried again at the next listing (fewer distinct patterns, or a larger limit, let it through)`,
      };
  }
}

function verdictOf(source: string, flags: PatternFlags, budget: PatternCheckBudget | undefined): Verdict {
  const key = `${flagText(flags)}/${source}`;
  const kept = verdicts.get(key);
  if (kept !== undefined) return kept;
  if (budget !== undefined && budget.remainingMs <= 0) return 'unchecked';
  const started = performance.now();
  const verdict = analyse(source, flags, budget?.remainingMs ?? Number.POSITIVE_INFINITY);
  if (budget !== undefined) budget.remainingMs -= performance.now() - started;
  // An unchecked pattern is not a verdict: the next listing, with a budget of its own, checks it again.
  if (verdict !== 'unchecked' && source.length <= MAX_KEPT_SOURCE) verdicts.set(key, verdict);
  return verdict;
}

function flagText(flags: PatternFlags): string {
  return `${flags.unicode ? 'u' : ''}${flags.caseInsensitive ? 'i' : ''}${flags.multiLine ? 'm' : ''}${flags.dotAll ? 's' : ''}`;
}

function analyse(source: string, flags: PatternFlags, timeout: number): Verdict {
  try {
    new RegExp(source, flagText(flags));
  } catch {
    // Converted: a pattern RegExp refuses is reported as invalid.
    return 'invalid';
  }
  try {
    const result = isSafePattern(source, { ...flags, maxSteps: 5000, timeout });
    if (!result.safe) return result.error === 'timedOut' ? 'unchecked' : 'ambiguous';
    return hasScanningLookaround(source, flagText(flags)) ? 'scanning' : 'safe';
  } catch {
    // Converted: a pattern the analyser cannot read is reported as such.
    return 'unreadable';
  }
}
