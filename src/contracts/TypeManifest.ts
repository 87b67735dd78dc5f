import type { JsonSchema } from './JsonSchema.js';

/**
 * What `hermes-tools typegen` read from the TypeScript types of one tool, resource or prompt handler: the module that
 * declares it, its class (imported by the generated module, so an entry is matched by identity, never by name) and
 * method, and each decorated parameter.
 */
export interface TypeManifestEntry {
  /** The class that declares the handler. */
  readonly class: Function;
  /** The source file that declares the class, relative to the project's tsconfig.json. */
  readonly module: string;
  /** The handler's method name: `execute` for a class tool. */
  readonly method: string;
  /** The method's JSDoc comment: the tool's description where `@Tool` gives none. */
  readonly description?: string;
  /** JSDoc `@example` blocks whose text is a JSON object: worked calls where the tool declares no `@Example`. */
  readonly examples?: readonly Readonly<Record<string, unknown>>[];
  /** Each decorated parameter, by position. */
  readonly params: readonly TypeManifestParam[];
}

/** One parameter of a handler, as its TypeScript declaration says. */
export interface TypeManifestParam {
  /** Its position in the parameter list, from 0. */
  readonly index: number;
  /** Its decorator: `@Arg`, `@Input` or `@Ctx`. */
  readonly kind: 'arg' | 'input' | 'ctx';
  /** The `@Arg` name. */
  readonly name?: string;
  /** The JSON Schema of its TypeScript type (an `@Arg` whose type is no class), with its JSDoc `@param` text. */
  readonly schema?: JsonSchema;
  /** The class its type names: the DTO of an `@Input`, or an `@Arg` typed by a class. */
  readonly type?: Function;
  /** A class-typed parameter that admits `null` (`x: Dto | null`); a schema says its own nullability. */
  readonly nullable?: boolean;
  /** `x?: T`, `x: T | undefined` or a parameter with an initializer. */
  readonly optional?: boolean;
  /** The initializer, when it is a JSON literal. */
  readonly default?: unknown;
  /** The type is `Date`: the argument is an ISO 8601 date-time string, handed to the method as a Date. */
  readonly date?: boolean;
}

/** The module `hermes-tools typegen` writes: give it to `toolsModule({ types })`. */
export interface TypeManifest {
  /** The manifest format: 1. */
  readonly version: 1;
  /** The TypeScript version that read the types. */
  readonly typescript: string;
  /** One entry per handler. */
  readonly entries: readonly TypeManifestEntry[];
}
