import type { ValidationArguments } from 'class-validator';
import { coerceBoolean, coerceJson, coerceNumber } from '../coerce.js';
import type { CompileOptions } from '../CompileOptions.js';
import { copyJsonValue } from '../copyJsonValue.js';
import { objectKeys } from '../objectKeys.js';
import { childPath, type ValidationRun, VALUE_COST } from '../ValidationRun.js';
import type { Validator } from '../Validator.js';
import type { DtoConstraint, DtoProperty } from './DtoModel.js';
import { convert } from './convert.js';
import { readDtoModel } from './readDtoModel.js';
import { transform } from './transform.js';

// Bound once: a global looked up per value is slow where code runs in a vm context (jest, some hosts).
const { isArray } = Array;
const { hasOwn } = Object;

const NUMBER_CONSTRAINTS = new Set(['isInt', 'isNumber', 'min', 'max', 'isPositive', 'isNegative', 'isDivisibleBy']);
/**
 * Run before the others; a `matches` is skipped once one failed, so a pattern's cost stays bounded by the declared
 * length.
 */
const LENGTH_CONSTRAINTS = new Set(['minLength', 'maxLength', 'isLength']);
const compiled = { strict: new WeakMap<Function, Validator>(), coercing: new WeakMap<Function, Validator>() };

/**
 * Compiles a class-validator DTO into a Validator. It runs each declared constraint's own check
 * (so it accepts exactly what class-validator accepts) but reads the metadata once, here, instead
 * of on every call, and adds what tool input needs: unknown keys named, plain objects only,
 * bounded depth. It returns a DTO instance, nested DTOs included.
 */
export function compileDtoValidator(dto: Function, options: CompileOptions): Validator {
  const cache = options.coerce ? compiled.coercing : compiled.strict;
  let validator = cache.get(dto);
  if (validator === undefined) {
    let inner: Validator | undefined;
    // Compiled on first use, so a DTO that refers to itself (a tree) compiles.
    validator = (value, path, run, depth) => (inner ??= build(dto, options))(value, path, run, depth);
    cache.set(dto, validator);
  }
  return validator;
}

function build(dto: Function, options: CompileOptions): Validator {
  const { model } = readDtoModel(dto);
  const properties = model.properties.map((p) => compileProperty(dto, p, options));
  const known = model.wireNames;
  const count = properties.length;
  // Two passes, as ValidationPipe's plainToInstance then validate: the checks (and @ValidateIf
  // conditions) see the whole transformed instance, not the raw input.
  return (value, path, run, depth) => {
    if (objectKeys(value, path, run, depth, known) === undefined) return value;
    const input = value as Record<string, unknown>;
    const instance = instantiate(dto);
    let unreadable: boolean[] | undefined;
    for (let i = 0; i < count; i++)
      if (!properties[i]!.read(input, instance, path, run, depth)) (unreadable ??= [])[i] = true;
    for (let i = 0; i < count; i++) if (unreadable?.[i] !== true) properties[i]!.check(instance, path, run, depth);
    return instance;
  };
}

interface PropertyPass {
  /**
   * Takes the caller's value into the instance: bounded, copied, converted and transformed. False when it failed a
   * limit or could not be read: its checks are not run.
   */
  read(
    input: Record<string, unknown>,
    instance: Record<string, unknown>,
    path: string,
    run: ValidationRun,
    depth: number,
  ): boolean;
  /** Runs the declared checks on the instance's value. */
  check(instance: Record<string, unknown>, path: string, run: ValidationRun, depth: number): void;
}

function compileProperty(dto: Function, p: DtoProperty, options: CompileOptions): PropertyPass {
  const names = new Set([...p.constraints, ...p.eachConstraints].map((c) => c.name));
  const coerceValue = !options.coerce
    ? undefined
    : p.nested !== undefined || names.has('isArray') || p.eachConstraints.length > 0
      ? (v: unknown, run: ValidationRun, depth: number) =>
          coerceJson(
            v,
            Array.isArray(p.designType) ||
              p.designType === Array ||
              names.has('isArray') ||
              p.eachConstraints.length > 0
              ? 'array'
              : 'object',
            run,
            depth,
          )
      : [...names].some((n) => NUMBER_CONSTRAINTS.has(n)) || p.conversion === 'number'
        ? coerceNumber
        : names.has('isBoolean')
          ? coerceBoolean
          : undefined;
  let nested: Validator | undefined;
  // The nested class is looked up on first use: a thunk may name a class declared further down.
  const nestedValidator = (): Validator | undefined => {
    if (nested === undefined) {
      const type = p.nested?.();
      if (typeof type === 'function') nested = compileDtoValidator(type, options);
    }
    return nested;
  };
  const constraints = lengthFirst(p.constraints);
  const eachConstraints = lengthFirst(p.eachConstraints);
  const targetName = dto.name;
  const { name, wireName, conversion, transforms, optional, conditions } = p;
  const isNested = p.nested !== undefined;
  // A @ValidateIf-skipped nested value is never checked by its class, so it is copied as any value is.
  const copyWhole = !isNested || conditions.length > 0;
  const transformsAbsent = p.exposed && transforms.length > 0;
  // The path at the top level, made once: most DTO properties are top-level arguments.
  const topAt = childPath('', wireName);
  return {
    read(input, instance, path, run, depth) {
      if (p.excluded) return true;
      let value = hasOwn(input, wireName) ? input[wireName] : undefined;
      if (value === undefined) {
        // class-transformer runs the @Transforms of an @Expose()d property even when its key is absent.
        if (!transformsAbsent) return true;
        const failed = run.issues.length + run.dropped;
        value = transform(
          transforms,
          undefined,
          name,
          input,
          path === '' ? topAt : childPath(path, wireName),
          run,
          depth,
        );
        if (run.issues.length + run.dropped > failed) return false;
        if (value !== undefined) instance[name] = value;
        return true;
      }
      // A null for an @IsOptional field means absent, as in class-validator; no @Transform sees it.
      if (value === null && optional) return true;
      const at = path === '' ? topAt : childPath(path, wireName);
      const failed = run.issues.length + run.dropped;
      if (coerceValue !== undefined) value = coerceValue(value, run, depth + 1);
      // Values with no nested class (@IsObject, @IsArray, @Allow, scalars) get the limits of any value, and the handler
      // a copy.
      if (copyWhole) value = copyJsonValue(value, at, run, depth + 1);
      else if (isArray(value)) {
        if (value.length > run.limits.maxArrayLength)
          run.report(
            at,
            `must have at most ${run.limits.maxArrayLength} items, got ${run.shown(value.length)}`,
            'limit',
          );
        else run.charge(VALUE_COST);
      }
      // Nothing else runs on a value that failed a limit.
      if (run.issues.length + run.dropped > failed || run.size > run.maxTotalSize) return false;
      if (conversion !== undefined) value = convert(conversion, value, at, run);
      if (transforms.length > 0 && run.issues.length + run.dropped === failed)
        value = transform(transforms, value, name, input, at, run, depth);
      if (run.issues.length + run.dropped > failed) return false;
      instance[name] = value;
      return true;
    },
    check(instance, path, run, depth) {
      const value = instance[name];
      // Not validated (class-validator's @ValidateIf); the value was bounded and copied when read.
      if (conditions.length > 0 && !conditions.every((condition) => condition(instance, value))) return;
      if (value === undefined || value === null) {
        if (optional) return;
        if (value === undefined) {
          if (p.required || (conditions.length > 0 && constraints.length > 0))
            run.report(path === '' ? topAt : childPath(path, wireName), 'is required', 'isDefined');
          return;
        }
      }
      // The path is made only when needed: most properties pass, and have no nested value.
      runConstraints(constraints, value, instance, targetName, name, path, wireName, run);
      if (eachConstraints.length === 0 && !isNested) return;
      const at = path === '' ? topAt : childPath(path, wireName);
      if (eachConstraints.length > 0) {
        if (!isArray(value)) {
          run.report(at, `must be an array, got ${run.describe(value)}`, 'isArray');
          return;
        }
        for (let i = 0; i < value.length; i++) {
          runConstraints(eachConstraints, value[i], instance, targetName, name, at, i, run);
        }
      }
      if (isNested && value !== undefined && value !== null) {
        const validator = nestedValidator();
        // The thunk gave a class when the registry was built, and none now: the value is refused, never handed on
        // unchecked.
        if (validator === undefined)
          run.report(
            at,
            'could not be checked: the tool names no class for it (its @Type thunk returned none); the tool is at fault, not the arguments',
            'not_a_class',
          );
        else instance[name] = validateNested(validator, value, at, run, depth);
      }
    },
  };
}

function validateNested(validator: Validator, value: unknown, at: string, run: ValidationRun, depth: number): unknown {
  if (!isArray(value)) return validator(value, at, run, depth + 1);
  if (value.length > run.limits.maxArrayLength) {
    run.report(at, `must have at most ${run.limits.maxArrayLength} items, got ${run.shown(value.length)}`, 'limit');
    return value;
  }
  if (depth + 1 >= run.limits.maxDepth) {
    run.report(at, `is nested more than ${run.limits.maxDepth} levels deep`, 'maxDepth');
    return value;
  }
  const out = new Array<unknown>(value.length);
  for (let i = 0; i < value.length; i++) {
    // Past the total size the answer is known: stop, rather than check thousands more items.
    if (run.size > run.maxTotalSize) return value;
    out[i] = validator(value[i], childPath(at, i), run, depth + 2);
  }
  return out;
}

function lengthFirst(constraints: readonly DtoConstraint[]): readonly DtoConstraint[] {
  return [
    ...constraints.filter((c) => LENGTH_CONSTRAINTS.has(c.name)),
    ...constraints.filter((c) => !LENGTH_CONSTRAINTS.has(c.name)),
  ];
}

function runConstraints(
  constraints: readonly DtoConstraint[],
  value: unknown,
  object: object,
  targetName: string,
  property: string,
  parent: string,
  key: string | number,
  run: ValidationRun,
): void {
  let lengthFailed = false;
  // One arguments object for the property's synchronous checks, each given its own constraints in turn; an async check
  // gets its own (it may read them later).
  let shared: ValidationArguments | undefined;
  for (const c of constraints) {
    if (lengthFailed && c.name === 'matches') continue;
    let args: ValidationArguments;
    if (c.async) args = { value, constraints: c.constraints as unknown[], targetName, object, property };
    else {
      args = shared ??= { value, constraints: c.constraints as unknown[], targetName, object, property };
      args.constraints = c.constraints as unknown[];
    }
    let ok: boolean | Promise<boolean>;
    try {
      ok = c.validate(value, args);
    } catch {
      // Converted: a constraint that throws fails the value, reported below as its issue.
      ok = false;
    }
    if (ok === true) continue;
    const at = childPath(parent, key);
    // A check that answered with a promise may still read the shared arguments: later checks get new ones.
    if (ok instanceof Promise && args === shared) shared = undefined;
    // The message gets its arguments afresh, as class-validator makes them: as declared, whatever the check did to its
    // own.
    args = { value, constraints: c.constraints as unknown[], targetName, object, property };
    if (ok instanceof Promise) {
      (run.pending ??= []).push(
        ok.then(
          (passed) => {
            if (passed !== true) run.reportMessage(at, c.message(args, at, run.quoteValues), c.name);
          },
          () => run.reportMessage(at, c.message(args, at, run.quoteValues), c.name),
        ),
      );
      continue;
    }
    if (LENGTH_CONSTRAINTS.has(c.name)) lengthFailed = true;
    run.reportMessage(at, () => c.message(args, at, run.quoteValues), c.name);
  }
}

function instantiate(dto: Function): Record<string, unknown> {
  try {
    return new (dto as new () => Record<string, unknown>)();
  } catch {
    // Converted: a DTO whose constructor throws is built without it, on its prototype.
    return Object.create(dto.prototype as object) as Record<string, unknown>;
  }
}
