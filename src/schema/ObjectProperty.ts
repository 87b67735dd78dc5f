import { cloneDefault } from './cloneDefault.js';
import { childPath, type ValidationRun } from './ValidationRun.js';
import type { Validator } from './Validator.js';

/**
 * One property of an object shape, compiled: what both forms of an object's validator (the closure in
 * `compileShape` and the generated code of `generateObjectValidator`) read, so that each rule below is
 * written once.
 */
export interface ObjectProperty {
  readonly name: string;
  /** Its path when the object is the arguments themselves, made once at compile time. */
  readonly topPath: string;
  readonly check: Validator;
  readonly required: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
}

/**
 * Whether a property's value counts as absent: undefined, or null for an optional property (models
 * send it, and strict provider modes require it).
 */
export function isAbsent(present: unknown, required: boolean): boolean {
  return present === undefined || (present === null && !required);
}

/** An absent property: its default goes into `out`, or an issue into `run` if it is required. */
export function fillAbsent(p: ObjectProperty, out: Record<string, unknown>, path: string, run: ValidationRun): void {
  if (p.hasDefault) out[p.name] = cloneDefault(p.defaultValue);
  else if (p.required) run.report(propertyPath(p, path), 'is required', 'isDefined');
}

/** The path of `p` inside the object at `path`. */
export function propertyPath(p: ObjectProperty, path: string): string {
  return path.length === 0 ? p.topPath : childPath(path, p.name);
}
