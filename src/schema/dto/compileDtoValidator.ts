import type { ValidationArguments } from 'class-validator';
import { coerceBoolean, coerceJson, coerceNumber } from '../coerce.js';
import type { CompileOptions } from '../compileShape.js';
import { objectKeys } from '../objectKeys.js';
import { childPath, describeValue, type ValidationRun } from '../ValidationRun.js';
import type { Validator } from '../Validator.js';
import type { DtoConstraint, DtoProperty } from './DtoModel.js';
import { readDtoModel } from './readDtoModel.js';

const NUMBER_CONSTRAINTS = new Set(['isInt', 'isNumber', 'min', 'max', 'isPositive', 'isNegative', 'isDivisibleBy']);
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
  const known = model.propertyNames;
  return (value, path, run, depth) => {
    if (objectKeys(value, path, run, depth, known) === undefined) return value;
    const instance = instantiate(dto);
    for (const property of properties) property(value as Record<string, unknown>, instance, path, run, depth);
    return instance;
  };
}

type PropertyCheck = (input: Record<string, unknown>, instance: Record<string, unknown>, path: string, run: ValidationRun, depth: number) => void;

function compileProperty(dto: Function, p: DtoProperty, options: CompileOptions): PropertyCheck {
  const names = new Set([...p.constraints, ...p.eachConstraints].map((c) => c.name));
  const coerceValue = !options.coerce
    ? undefined
    : p.nested !== undefined || names.has('isArray') || p.eachConstraints.length > 0
      ? (v: unknown) => coerceJson(v, Array.isArray(p.designType) || p.designType === Array || names.has('isArray') || p.eachConstraints.length > 0 ? 'array' : 'object')
      : [...names].some((n) => NUMBER_CONSTRAINTS.has(n))
        ? coerceNumber
        : names.has('isBoolean')
          ? coerceBoolean
          : undefined;
  let nested: Validator | undefined;
  // The nested class is looked up on first use: a thunk may name a class declared further down.
  const nestedValidator = (): Validator | undefined => {
    if (nested === undefined) {
      const type = p.nested?.();
      if (type !== undefined) nested = compileDtoValidator(type, options);
    }
    return nested;
  };
  const targetName = dto.name;
  const name = p.name;
  return (input, instance, path, run, depth) => {
    let value = Object.hasOwn(input, name) ? input[name] : undefined;
    if (value === undefined && p.default !== undefined) value = instance[name];
    const at = childPath(path, name);
    if (p.conditions.length > 0 && !p.conditions.every((condition) => condition(input, value))) {
      if (value !== undefined) instance[name] = value;
      return;
    }
    if (value === undefined || value === null) {
      // A null for an @IsOptional field means absent, as in class-validator.
      if (p.optional) return;
      if (value === undefined) {
        if (p.required || (p.conditions.length > 0 && p.constraints.length > 0)) run.report(at, 'is required', 'isDefined');
        return;
      }
    }
    if (coerceValue !== undefined) value = coerceValue(value);
    if (typeof value === 'string' && value.length > run.limits.maxStringLength) {
      run.report(at, `is too long (${value.length} characters)`, 'limit');
      return;
    }
    const args: ValidationArguments = { value, constraints: [], targetName, object: input, property: name };
    runConstraints(p.constraints, value, args, at, run);
    if (p.eachConstraints.length > 0) {
      if (!Array.isArray(value)) {
        run.report(at, `must be an array, got ${describeValue(value)}`, 'isArray');
        return;
      }
      if (value.length > run.limits.maxArrayLength) {
        run.report(at, `must have at most ${run.limits.maxArrayLength} items, got ${value.length}`, 'limit');
        return;
      }
      for (let i = 0; i < value.length; i++) {
        runConstraints(p.eachConstraints, value[i], { ...args, value: value[i] }, childPath(at, i), run);
      }
    }
    if (p.nested !== undefined && value !== undefined && value !== null) {
      const validator = nestedValidator();
      if (validator !== undefined) value = validateNested(validator, value, at, run, depth);
    }
    instance[name] = value;
  };
}

function validateNested(validator: Validator, value: unknown, at: string, run: ValidationRun, depth: number): unknown {
  if (!Array.isArray(value)) return validator(value, at, run, depth + 1);
  if (value.length > run.limits.maxArrayLength) {
    run.report(at, `must have at most ${run.limits.maxArrayLength} items, got ${value.length}`, 'limit');
    return value;
  }
  if (depth + 1 >= run.limits.maxDepth) {
    run.report(at, `is nested more than ${run.limits.maxDepth} levels deep`, 'maxDepth');
    return value;
  }
  return value.map((item, i) => validator(item, childPath(at, i), run, depth + 2));
}

function runConstraints(constraints: readonly DtoConstraint[], value: unknown, base: ValidationArguments, at: string, run: ValidationRun): void {
  for (const c of constraints) {
    const args = { ...base, constraints: c.constraints as unknown[] };
    let ok: boolean | Promise<boolean>;
    try {
      ok = c.validate(value, args);
    } catch {
      ok = false;
    }
    if (ok === true) continue;
    if (ok instanceof Promise) {
      (run.pending ??= []).push(
        ok.then(
          (passed) => {
            if (passed !== true) run.reportMessage(at, c.message(args, at), c.name);
          },
          () => run.reportMessage(at, c.message(args, at), c.name),
        ),
      );
      continue;
    }
    run.reportMessage(at, c.message(args, at), c.name);
  }
}

function instantiate(dto: Function): Record<string, unknown> {
  try {
    return new (dto as new () => Record<string, unknown>)();
  } catch {
    return Object.create(dto.prototype as object) as Record<string, unknown>;
  }
}
