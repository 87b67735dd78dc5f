import type { ValidationRun } from './ValidationRun.js';

/**
 * A compiled check for one shape. It reports every issue into `run` and returns the value the
 * handler will see (defaults applied, DTOs instantiated), which is meaningful only if no issue was
 * reported. It never mutates its input.
 */
export type Validator = (value: unknown, path: string, run: ValidationRun, depth: number) => unknown;
