import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { nestProblem } from '../errors/nestProblem.js';
import type { ParamMetadata } from '../metadata/ParamMetadata.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import { argShape } from '../schema/argShape.js';
import { compileShape } from '../schema/compileShape.js';
import { dtoTreeProblems } from '../schema/dtoTreeProblems.js';
import { loadOrderProblem } from '../schema/dto/loadOrderProblem.js';
import { isForbiddenKey } from '../schema/isForbiddenKey.js';
import { resolveTypeSpec } from '../schema/resolveTypeSpec.js';
import type { Shape } from '../schema/Shape.js';
import { ValidationRun } from '../schema/ValidationRun.js';
import { typedArgShape } from '../schema/typedArgShape.js';
import type { TypeManifestParam } from '../contracts/TypeManifest.js';
import { runsStrippedTypeScript } from './typeStripping.js';

const NO_TYPES: readonly TypeManifestParam[] = [];
const ARG_NAME = /^[A-Za-z_$][A-Za-z0-9_$-]{0,63}$/;

/**
 * Where the handler gets one of its parameters: a property of the validated input (`@Arg`), the
 * whole input (`@Input`), the call's context (`@Ctx`), or nothing (an undecorated parameter, which
 * fails the build).
 */
export type ArgumentSource =
  | { readonly from: 'arg'; readonly name: string }
  | { readonly from: 'input' }
  | { readonly from: 'ctx' }
  | { readonly from: 'none' };

/**
 * Reads a handler's parameters: the Shape of its input (one `@Input()` DTO, or one property per
 * `@Arg`) and, for each parameter in order, how the handler receives it. Problems are pushed.
 */
export function planArguments(
  declaration: ToolDeclaration,
  problems: DefinitionProblem[],
): { shape: Shape; plan: ArgumentSource[] } {
  const { where, params, paramTypes, arity } = declaration;
  if (declaration.input !== undefined) return { shape: declaration.input, plan: [{ from: 'input' }, { from: 'ctx' }] };
  // What the manifest read from the TypeScript types, by position: with it, no parameter needs reflection.
  const typed = declaration.types?.params ?? NO_TYPES;
  if (declaration.types !== undefined) checkManifestParams(declaration, typed, problems);
  const count = Math.max(paramTypes?.length ?? 0, arity, ...[...params.keys()].map((i) => i + 1));
  const plan: ArgumentSource[] = [];
  const properties: { name: string; shape: Shape; required: boolean; default?: { value: unknown } }[] = [];
  let inputShape: Shape | undefined;
  const needsReflection = [...params].some(
    ([i, p]) =>
      typedAt(typed, i) === undefined &&
      ((p.kind === 'arg' && p.options.type === undefined) || (p.kind === 'input' && p.type === undefined)),
  );
  if (paramTypes === undefined && count > 0 && needsReflection) {
    problems.push({
      where,
      code: 'missing_metadata',
      message: `has no design:paramtypes metadata, and no entry in a type manifest, so parameter types cannot be read. Run hermes-tools typegen and give its module to toolsModule({ types }) (again, if this handler changed since it last ran), which works under esbuild, tsx and vite; or turn on "emitDecoratorMetadata" (with "experimentalDecorators") in tsconfig.json, and compile with tsc or a tool that emits decorator metadata (esbuild, tsx, vite and Node's type stripping drop it)${runsStrippedTypeScript() ? ": this process runs TypeScript through Node's type stripping, which keeps no metadata" : ''}; or name every type, which needs no metadata and works under esbuild, tsx and vite whatever tsconfig.json says: ${namedTypes(params)} (String, Number, Boolean, a DTO class or a JSON Schema as the type)`,
    });
    return { shape: { kind: 'object', properties: [], additionalProperties: false }, plan };
  }
  for (let i = 0; i < count; i++) {
    const param = params.get(i);
    const fromTypes = typedAt(typed, i);
    const reflected = paramTypes?.[i] ?? fromTypes?.type;
    const at = `${where} parameter #${i + 1}`;
    if (param === undefined) {
      problems.push({
        where: `${at}${reflected instanceof Function ? ` (${reflected.name})` : ''}`,
        code: 'undecorated_parameter',
        message: 'has no @Arg(name), @Input() or @Ctx(); every parameter of a handler needs one',
      });
      plan.push({ from: 'none' });
      continue;
    }
    if (param.kind === 'ctx') {
      plan.push({ from: 'ctx' });
      continue;
    }
    if (param.kind === 'input') {
      if (inputShape !== undefined)
        problems.push({ where: at, code: 'duplicate_input', message: 'a handler takes at most one @Input()' });
      let type: unknown;
      try {
        type = resolveTypeSpec(param.type ?? reflected);
      } catch (error) {
        problems.push({
          where: at,
          code: 'type_thunk_threw',
          message: `its @Input type thunk threw (${error instanceof Error ? error.message : String(error)})`,
        });
      }
      if (
        typeof type !== 'function' ||
        [Object, String, Number, Boolean, Array, Promise, Function].includes(type as never)
      ) {
        problems.push({
          where: at,
          code: 'invalid_input_type',
          message: `@Input() needs a class-validator DTO class as the parameter type (or @Input(() => TheDto)); reflection sees ${typeof type === 'function' ? type.name : String(type)}`,
        });
      } else {
        problems.push(...dtoTreeProblems(type).map((p) => nestProblem(at, p)));
        // Found through reflection (not named, nor read by typegen): this program emits metadata, so none is a load-order slip.
        const loadOrder =
          param.type === undefined && paramTypes?.[i] !== undefined ? loadOrderProblem(type) : undefined;
        if (loadOrder !== undefined) problems.push(nestProblem(at, loadOrder));
        inputShape = { kind: 'dto', dto: type as abstract new () => object };
      }
      plan.push({ from: 'input' });
      continue;
    }
    const name = param.name;
    const argAt = `${where} @Arg('${name}')`;
    if (!ARG_NAME.test(name) || isForbiddenKey(name)) {
      problems.push({
        where: argAt,
        code: 'invalid_arg_name',
        message: `"${name}" is not a usable argument name (letters, digits, "_", "$" and "-", not __proto__/constructor/prototype)`,
      });
    }
    if (properties.some((p) => p.name === name))
      problems.push({ where: argAt, code: 'duplicate_arg', message: `two parameters are named "${name}"` });
    const read =
      fromTypes === undefined
        ? argShape(param.options, reflected, argAt, problems, name)
        : typedArgShape(param.options, fromTypes, argAt, problems, name);
    const shape = fromTypes?.date === true && read.kind === 'string' ? { ...read, toDate: true } : read;
    const defaultValue = param.options.default ?? fromTypes?.default;
    const hasDefault = defaultValue !== undefined;
    properties.push({
      name,
      shape,
      required: param.options.optional !== true && fromTypes?.optional !== true && !hasDefault,
      ...(hasDefault && { default: { value: defaultValue } }),
    });
    if (hasDefault) {
      const run = new ValidationRun({
        maxDepth: 64,
        maxStringLength: Infinity,
        maxArrayLength: Infinity,
        maxProperties: Infinity,
        maxIssues: 10,
      });
      compileShape(shape, { coerce: false })(defaultValue, name, run, 0);
      if (run.issues.length > 0)
        problems.push({
          where: argAt,
          code: 'invalid_default',
          message: `its default does not pass its own declaration: ${run.issues.map((x) => x.message).join('; ')}`,
        });
    }
    plan.push({ from: 'arg', name });
  }
  if (inputShape !== undefined && properties.length > 0) {
    problems.push({
      where,
      code: 'mixed_input_and_args',
      message: 'mixes @Input() with @Arg(); use one DTO with @Input(), or @Arg for each argument',
    });
  }
  return { shape: inputShape ?? { kind: 'object', properties, additionalProperties: false }, plan };
}

/**
 * A manifest entry that no longer matches the decorators (a parameter renamed, moved or added since typegen ran) is a
 * problem: its types would be applied to the wrong argument.
 */
function checkManifestParams(
  declaration: ToolDeclaration,
  typed: readonly TypeManifestParam[],
  problems: DefinitionProblem[],
): void {
  let matches = typed.length === declaration.params.size;
  for (const p of typed) if (matches) matches = saidAlike(p, declaration.params.get(p.index));
  if (matches) return;
  const positions = new Set([...typed.map((p) => p.index), ...declaration.params.keys()]);
  for (const i of [...positions].sort((a, b) => a - b)) {
    const fromTypes = typedAt(typed, i);
    const decorated = declaration.params.get(i);
    if (!saidAlike(fromTypes, decorated))
      problems.push({
        where: `${declaration.where} parameter #${i + 1}`,
        code: 'stale_manifest',
        message: `the type manifest says ${says(fromTypes)}, the decorators say ${says(decorated)}: the manifest is stale; run hermes-tools typegen`,
      });
  }
}

/** The manifest's parameter at position `i`: a handler has a few, so a scan allocates nothing. */
function typedAt(typed: readonly TypeManifestParam[], i: number): TypeManifestParam | undefined {
  for (const p of typed) if (p.index === i) return p;
  return undefined;
}

/** Whether the manifest and the decorators say the same of one parameter: its decorator, and an `@Arg`'s name. */
function saidAlike(fromTypes: TypeManifestParam | undefined, decorated: ParamMetadata | undefined): boolean {
  if (fromTypes === undefined || decorated === undefined) return fromTypes === decorated;
  return fromTypes.kind === decorated.kind && (decorated.kind !== 'arg' || fromTypes.name === decorated.name);
}

function says(param: { readonly kind: string; readonly name?: string } | undefined): string {
  if (param === undefined) return 'nothing';
  return param.kind === 'arg' ? `@Arg('${param.name}')` : param.kind === 'input' ? '@Input()' : '@Ctx()';
}

/**
 * The decorators to write, one per parameter that needs reflection: `@Arg('path', { type: String }) for #1,
 * @Input(TheDto) for #2`.
 */
function namedTypes(params: ToolDeclaration['params']): string {
  const forms: string[] = [];
  for (const [index, param] of [...params.entries()].sort(([a], [b]) => a - b)) {
    if (param.kind === 'arg' && param.options.type === undefined) {
      const optional = param.options.optional === true ? ', optional: true' : '';
      forms.push(`@Arg('${param.name}', { type: String${optional} }) for #${index + 1}`);
    } else if (param.kind === 'input' && param.type === undefined) forms.push(`@Input(TheDto) for #${index + 1}`);
  }
  return forms.join(', ');
}
