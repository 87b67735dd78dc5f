import type { ArgOptions } from '../contracts/ArgOptions.js';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ExampleOptions } from '../contracts/ExampleOptions.js';
import type { ParamMetadata } from '../metadata/ParamMetadata.js';
import type { RequiresOptions } from '../metadata/RequiresOptions.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import type { ToolOptions } from '../metadata/ToolOptions.js';
import { ownOptions } from '../internal/ownOptions.js';

const TOOL_KEYS = [
  'name',
  'description',
  'maxResultChars',
  'content',
  'timeoutMs',
  'output',
  'tags',
  'version',
  'deprecated',
  'idempotent',
  'readOnly',
  'destructive',
  'openWorld',
  'task',
  'metadata',
] as const satisfies readonly (keyof ToolOptions)[];
const ARG_KEYS = [
  'description',
  'optional',
  'default',
  'enum',
  'integer',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'nullable',
  'items',
  'type',
  'header',
] as const satisfies readonly (keyof ArgOptions)[];
const EXAMPLE_KEYS = ['description', 'input', 'output'] as const satisfies readonly (keyof ExampleOptions)[];
const REQUIRES_KEYS = ['env', 'check', 'description'] as const satisfies readonly (keyof RequiresOptions)[];

/**
 * The declaration with every option its decorators were given (`@Tool`, `@Arg`, `@Example`,
 * `@Requires`, `@RequiresApproval`) read as own keys: a polluted Object.prototype sets none of
 * them. A key no decorator knows is a problem, since it is most likely a misspelt option.
 */
export function ownDeclaration(declaration: ToolDeclaration, problems: DefinitionProblem[]): ToolDeclaration {
  const { where } = declaration;
  const own = <T extends object>(
    given: T,
    keys: readonly (keyof T & string)[],
    decorator: string,
    at = where,
  ): Partial<T> => {
    if (typeof given !== 'object' || given === null) {
      problems.push({
        where: at,
        code: 'invalid_option',
        message: `${decorator} takes an object of options, not ${given === null ? 'null' : typeof given}`,
      });
      return Object.create(null) as Partial<T>;
    }
    const read = ownOptions(given, keys);
    if (read.problem !== undefined)
      problems.push({ where: at, code: 'invalid_option', message: `${decorator}: ${read.problem}` });
    return read.options;
  };
  const options = own(declaration.options, TOOL_KEYS, '@Tool') as ToolOptions;
  const params = new Map<number, ParamMetadata>();
  for (const [index, param] of declaration.params) {
    params.set(
      index,
      param.kind === 'arg'
        ? { ...param, options: own(param.options, ARG_KEYS, '@Arg', `${where} @Arg('${param.name}')`) }
        : param,
    );
  }
  const approval = declaration.approval;
  return {
    ...declaration,
    options,
    params,
    examples: declaration.examples.map((example) => own(example, EXAMPLE_KEYS, '@Example') as ExampleOptions),
    requires: declaration.requires.map((requirement) => own(requirement, REQUIRES_KEYS, '@Requires')),
    approval: approval === undefined ? undefined : Object.hasOwn(approval, 'reason') ? { reason: approval.reason } : {},
  };
}
