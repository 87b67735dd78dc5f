import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { getFromContainer, getMetadataStorage, type ValidationArguments } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';
import { getDescription } from '../../metadata/getDescription.js';
import { isForbiddenKey } from '../isForbiddenKey.js';
import type { DtoConstraint, DtoModel, DtoProperty } from './DtoModel.js';

const models = new WeakMap<Function, { model: DtoModel; problems: string[] }>();

/**
 * Reads a class-validator DTO into a DtoModel, once per class. The metadata is fixed once the
 * class is defined, so the result is cached; `problems` says what cannot be used, by property.
 */
export function readDtoModel(dto: Function): { model: DtoModel; problems: readonly string[] } {
  let entry = models.get(dto);
  if (entry === undefined) {
    entry = buildModel(dto);
    models.set(dto, entry);
  }
  return entry;
}

function buildModel(dto: Function): { model: DtoModel; problems: string[] } {
  const problems: string[] = [];
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false) as ValidationMetadata[];
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const m of metadatas) {
    if (m.groups !== undefined && m.groups.length > 0) continue;
    const list = byProperty.get(m.propertyName) ?? [];
    list.push(m);
    byProperty.set(m.propertyName, list);
  }
  const defaults = instantiate(dto);
  const properties: DtoProperty[] = [];
  let async = false;
  for (const [name, list] of byProperty) {
    if (isForbiddenKey(name)) {
      problems.push(`${dto.name}.${name}: "${name}" cannot be a property name of tool input`);
      continue;
    }
    const constraints: DtoConstraint[] = [];
    const eachConstraints: DtoConstraint[] = [];
    const conditions: ((object: object, value: unknown) => boolean)[] = [];
    let optional = false;
    let nested: (() => Function | undefined) | undefined;
    let isDefined = false;
    for (const m of list) {
      if (m.type === 'conditionalValidation') {
        if (m.name === 'isOptional') optional = true;
        else conditions.push(m.constraints[0] as (object: object, value: unknown) => boolean);
      } else if (m.type === 'nestedValidation') {
        nested = nestedType(dto, name);
        if (nested === undefined) {
          problems.push(`${dto.name}.${name}: @ValidateNested() needs the nested class; add @Type(() => TheClass) from class-transformer`);
        }
      } else if (m.type === 'isDefined') {
        isDefined = true;
      } else if (m.type === 'customValidation') {
        const constraint = toConstraint(m);
        if (constraint.async) async = true;
        (m.each ? eachConstraints : constraints).push(constraint.constraint);
      }
    }
    if (isDefined) constraints.unshift(IS_DEFINED);
    const designType = Reflect.getMetadata('design:type', dto.prototype, name) as unknown;
    const hasDefault = defaults !== undefined && (defaults as Record<string, unknown>)[name] !== undefined;
    const required =
      !optional &&
      conditions.length === 0 &&
      !hasDefault &&
      (eachConstraints.length > 0 || constraints.some((c) => failsOnUndefined(c, dto, name)));
    properties.push({
      name,
      constraints,
      eachConstraints,
      ...(nested !== undefined && { nested }),
      optional,
      conditions,
      required,
      ...(hasDefault && { default: { value: (defaults as Record<string, unknown>)[name] } }),
      designType,
      ...(getDescription(dto, name) !== undefined && { description: getDescription(dto, name) }),
    });
  }
  const model: DtoModel = { dto, properties, propertyNames: new Set(properties.map((p) => p.name)), async };
  return { model, problems };
}

/** class-transformer's `@Type(() => X)` first; otherwise the reflected property type, if it is a class. */
function nestedType(dto: Function, property: string): (() => Function | undefined) | undefined {
  const typeMetadata = defaultMetadataStorage.findTypeMetadata(dto, property);
  if (typeMetadata !== undefined) return () => typeMetadata.typeFunction();
  const designType = Reflect.getMetadata('design:type', dto.prototype, property) as unknown;
  if (typeof designType === 'function' && designType !== Object && designType !== Array) return () => designType;
  return undefined;
}

function instantiate(dto: Function): object | undefined {
  try {
    return new (dto as new () => object)();
  } catch {
    return undefined;
  }
}

const IS_DEFINED: DtoConstraint = {
  name: 'isDefined',
  constraints: [],
  validate: (value) => value !== undefined && value !== null,
  message: (_args, path) => `${path} should not be null or undefined`,
};

function failsOnUndefined(constraint: DtoConstraint, dto: Function, property: string): boolean {
  try {
    const ok = constraint.validate(undefined, { value: undefined, constraints: [...constraint.constraints], targetName: dto.name, object: {}, property });
    return ok !== true;
  } catch {
    return true;
  }
}

interface ConstraintInstance {
  validate(value: unknown, args: ValidationArguments): boolean | Promise<boolean>;
  defaultMessage?(args: ValidationArguments): string;
}

function toConstraint(m: ValidationMetadata): { constraint: DtoConstraint; async: boolean } {
  const instance = getFromContainer(m.constraintCls as new () => ConstraintInstance);
  const custom = m.message;
  const template = (args: ValidationArguments): string => {
    if (typeof custom === 'function') return custom(args);
    if (typeof custom === 'string' && custom !== '') return custom;
    return instance.defaultMessage?.(args) ?? `$property failed the ${m.name ?? 'custom'} constraint`;
  };
  const async = (getMetadataStorage().getTargetValidatorConstraints(m.constraintCls)[0]?.async ?? false) === true;
  return {
    async,
    constraint: {
      name: m.name ?? 'customValidation',
      constraints: m.constraints ?? [],
      validate: (value, args) => instance.validate(value, args),
      message: (args, path) => replaceTokens(template(args), args, path),
    },
  };
}

function replaceTokens(template: string, args: ValidationArguments, path: string): string {
  let out = template.replace(/\$property/g, path).replace(/\$target/g, args.targetName);
  args.constraints?.forEach((c, i) => {
    out = out.replace(new RegExp(`\\$constraint${i + 1}`, 'g'), Array.isArray(c) ? c.join(', ') : String(c));
  });
  return out.replace(/\$value/g, () => safeString(args.value));
}

function safeString(value: unknown): string {
  try {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 40 ? `${text.slice(0, 40)}…` : text;
  } catch {
    return typeof value;
  }
}
