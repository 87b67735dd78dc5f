import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { Completer, EntryMeta } from '../contracts/EntryMeta.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { ToolContext } from '../contracts/ToolContext.js';
import { UriTemplate } from '../entries/UriTemplate.js';
import { ownOptions } from '../internal/ownOptions.js';
import type { EntryMark } from '../metadata/EntryOptions.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import { mimeShaped } from '../results/mimeAllowed.js';

const COMMON = ['name', 'title', 'description', 'timeoutMs', 'content'] as const;
const KEYS: Readonly<Record<EntryMark['kind'], readonly string[]>> = {
  resource: [...COMMON, 'uri', 'mimeType'],
  template: [...COMMON, 'uriTemplate', 'mimeType', 'allowTraversal'],
  prompt: COMMON,
};
const DECORATOR: Readonly<Record<EntryMark['kind'], string>> = {
  resource: '@Resource',
  template: '@ResourceTemplate',
  prompt: '@Prompt',
};
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * What makes a declaration a resource, a template or a prompt, checked: its options (own keys, known ones), its URI or
 * template, its variables or arguments against its `@Arg`s, its completion methods bound to the class's instance.
 * Pushes a problem for each thing wrong, and returns undefined then.
 */
export function readEntry(
  declaration: ToolDeclaration,
  inputSchema: JsonSchema,
  instanceFor: ((ctx: ToolContext) => object) | undefined,
  problems: DefinitionProblem[],
): EntryMeta | undefined {
  const mark = declaration.entry;
  if (mark === undefined) return undefined;
  const { where } = declaration;
  const start = problems.length;
  const decorator = DECORATOR[mark.kind];
  const problem = (message: string): void => void problems.push({ where, code: 'invalid_entry', message });
  const read = ownOptions(mark.options as unknown as Record<string, unknown>, KEYS[mark.kind] as never);
  if (read.problem !== undefined) problem(`${decorator}: ${read.problem}`);
  const options = read.options as Record<string, unknown>;
  for (const key of ['title', 'mimeType'] as const)
    if (options[key] !== undefined && typeof options[key] !== 'string')
      problem(`${decorator}: ${key} must be a string`);
  if (typeof options.mimeType === 'string' && !mimeShaped(options.mimeType))
    problem(`${decorator}: mimeType ${JSON.stringify(options.mimeType)} is not a MIME type (type/subtype)`);
  const properties = Object.keys((inputSchema.properties ?? {}) as object);
  let variables: readonly string[] = properties;
  let uri: string | undefined;
  if (mark.kind === 'resource') {
    uri = options.uri as string;
    if (typeof uri !== 'string' || uri.length > 8192 || !SCHEME.test(uri) || /[{}]/.test(uri))
      problem(
        `@Resource: uri must be a URI with a scheme (docs://…, file:///…), at most 8192 characters, without { } (use @ResourceTemplate for a template)`,
      );
    if (properties.length > 0) problem('@Resource: a resource at a fixed URI takes no @Arg; use @ResourceTemplate');
  } else if (mark.kind === 'template') {
    uri = options.uriTemplate as string;
    const parsed = UriTemplate.parse(uri, options.allowTraversal === true);
    if ('problem' in parsed) problem(`@ResourceTemplate: ${parsed.problem}`);
    else {
      variables = parsed.variables;
      const missing = variables.filter((name) => !properties.includes(name));
      const extra = properties.filter((name) => !variables.includes(name));
      if (missing.length > 0 || extra.length > 0)
        problem(
          `@ResourceTemplate: each variable of ${uri} is one @Arg of the method, and each @Arg a variable${missing.length > 0 ? `; no @Arg for ${missing.join(', ')}` : ''}${extra.length > 0 ? `; no variable for @Arg ${extra.join(', ')}` : ''}`,
        );
    }
    if (options.allowTraversal !== undefined && typeof options.allowTraversal !== 'boolean')
      problem('@ResourceTemplate: allowTraversal must be a boolean');
  }
  if (mark.kind !== 'resource') {
    const types = (inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
    const notText = properties.filter((name) => types[name]?.type !== 'string');
    if (notText.length > 0)
      problem(
        `${decorator}: ${notText.join(', ')} must be strings (${mark.kind === 'prompt' ? 'a prompt’s arguments' : 'URI variables'} are text; check the format or pattern with @Arg options)`,
      );
  }
  if (problems.length > start) return undefined;
  const completers: Record<string, Completer> = Object.create(null);
  for (const [argument, method] of declaration.completers ?? []) {
    if (!variables.includes(argument)) continue;
    const fn = (declaration.target.prototype as Record<string | symbol, unknown>)[method];
    if (typeof fn !== 'function' || instanceFor === undefined) {
      problem(`@Complete('${argument}'): ${String(method)} is not a method of the class`);
      continue;
    }
    completers[argument] = (value, context, ctx) =>
      Promise.resolve().then(() =>
        (instanceFor(ctx) as Record<string | symbol, (...args: unknown[]) => unknown>)[method]!(value, context, ctx),
      );
  }
  if (problems.length > start) return undefined;
  return {
    kind: mark.kind,
    ...(uri === undefined ? {} : { uri }),
    ...(typeof options.title === 'string' ? { title: options.title } : {}),
    ...(typeof options.mimeType === 'string' ? { mimeType: options.mimeType } : {}),
    variables,
    ...(options.allowTraversal === true ? { allowTraversal: true } : {}),
    completers,
  };
}
