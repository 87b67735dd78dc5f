import type { StringFormat } from '../contracts/StringFormat.js';

/**
 * The internal model of a value's declared shape. Decorators are read into a Shape once, when the
 * registry is built; the JSON Schema shown to a model and the validator applied to a call are both
 * derived from it, which is why they cannot disagree.
 */
export type Shape = StringShape | NumberShape | BooleanShape | ArrayShape | ObjectShape | DtoShape | UnknownShape;

interface ShapeBase {
  readonly description?: string;
  /** `null` is a value of this shape (not the same as absent). */
  readonly nullable?: boolean;
}

export interface StringShape extends ShapeBase {
  readonly kind: 'string';
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: StringFormat;
  readonly enum?: readonly string[];
  /** A date-time string handed on as a `Date` (a parameter typed `Date`, read by typegen). */
  readonly toDate?: boolean;
}

export interface NumberShape extends ShapeBase {
  readonly kind: 'number';
  readonly integer: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  /** The value divided by this (greater than 0) is an integer. */
  readonly multipleOf?: number;
  readonly enum?: readonly number[];
}

export interface BooleanShape extends ShapeBase {
  readonly kind: 'boolean';
}

export interface ArrayShape extends ShapeBase {
  readonly kind: 'array';
  readonly items: Shape;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** No two items are equal (as JSON values: objects by their keys and values, whatever the order of the keys). */
  readonly uniqueItems?: boolean;
}

export interface PropertyShape {
  readonly name: string;
  readonly shape: Shape;
  readonly required: boolean;
  /** Present when the property has a default, applied when the property is absent. */
  readonly default?: { readonly value: unknown };
}

export interface ObjectShape extends ShapeBase {
  readonly kind: 'object';
  readonly properties: readonly PropertyShape[];
  /**
   * Keys other than `properties`: refused (false), any JSON value (true), or values of this shape
   * (an open map). False for a tool's own arguments.
   */
  readonly additionalProperties: boolean | Shape;
}

/** A class-validator DTO: its schema and its validation both come from class-validator's metadata. */
export interface DtoShape extends ShapeBase {
  readonly kind: 'dto';
  readonly dto: abstract new (...args: never[]) => object;
}

/** Any JSON value, within the limits. Only reachable through an explicit `type: {}` or an `@Allow()` property. */
export interface UnknownShape extends ShapeBase {
  readonly kind: 'unknown';
}
