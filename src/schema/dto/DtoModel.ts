import type { ValidationArguments } from 'class-validator';

/** One class-validator constraint on a DTO property, ready to run without class-validator's lookup. */
export interface DtoConstraint {
  /** class-validator's name for it: `isString`, `minLength`, a custom constraint's name… */
  readonly name: string;
  readonly constraints: readonly unknown[];
  /** Declared async (`@ValidatorConstraint({ async: true })`): its check answers with a promise. */
  readonly async: boolean;
  readonly validate: (value: unknown, args: ValidationArguments) => boolean | Promise<boolean>;
  /** The issue message, with `$property` read as the full path; with `quote` false, nothing of the value is shown. */
  readonly message: (args: ValidationArguments, path: string, quote: boolean) => string;
}

/** What class-transformer's `@Type(() => X)` does to a scalar (or to each item of an array) before validation. */
export type DtoConversion = 'date' | 'string' | 'number' | 'boolean';

/** A `@Transform` function that applies from plain to class (`toClassOnly` or no direction). */
export type DtoTransform = (params: {
  value: unknown;
  key: string;
  obj: Record<string, unknown>;
  type: number;
  options: object;
}) => unknown;

export interface DtoProperty {
  readonly name: string;
  /** The key the caller sends: `@Expose({ name })`'s name, or the property name. */
  readonly wireName: string;
  /** `@Expose()`d: class-transformer runs the `@Transform`s even when the key is absent. */
  readonly exposed: boolean;
  /** `@Exclude()`d: never read from the input; the checks run on what `new Dto()` gives. */
  readonly excluded: boolean;
  /** `@Type(() => Date | String | Number | Boolean)`. */
  readonly conversion?: DtoConversion;
  /** `@Transform`s, in declaration order, run after the conversion (or the nested class), before the checks. */
  readonly transforms: readonly DtoTransform[];
  /** Constraints on the value itself. */
  readonly constraints: readonly DtoConstraint[];
  /** Constraints declared with `{ each: true }`, applied to every item. */
  readonly eachConstraints: readonly DtoConstraint[];
  /** `@ValidateNested()`: the class of the nested value (or of each item). */
  readonly nested?: () => Function | undefined;
  /** `@IsOptional()`: null or absent skips every check. */
  readonly optional: boolean;
  /** `@ValidateIf(cond)`: the checks run only when every condition holds. */
  readonly conditions: readonly ((object: object, value: unknown) => boolean)[];
  /** Whether an absent value fails (class-validator runs the constraints on `undefined`). */
  readonly required: boolean;
  /** The value `new Dto()` gives the property, used when it is absent. */
  readonly default?: { readonly value: unknown };
  readonly designType: unknown;
  readonly description?: string;
}

/** A DTO class read once from class-validator's and class-transformer's metadata. */
export interface DtoModel {
  readonly dto: Function;
  readonly properties: readonly DtoProperty[];
  /**
   * The keys a caller may send: wire names, and `@Exclude()`d keys (accepted, then ignored, as class-transformer does).
   */
  readonly wireNames: ReadonlySet<string>;
}
