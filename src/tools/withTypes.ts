import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';

/**
 * The declaration completed by what its TypeScript types say, when the manifest has them: the method's JSDoc is the
 * description where `@Tool` gives none, and its JSON `@example`s are worked calls where there is no `@Example`.
 */
export function withTypes(declaration: ToolDeclaration): ToolDeclaration {
  const types = declaration.types;
  if (types === undefined) return declaration;
  const description = declaration.options.description ?? types.description;
  const examples =
    declaration.examples.length === 0 && types.examples !== undefined
      ? types.examples.map((input) => ({ description: 'For example', input }))
      : declaration.examples;
  if (description === declaration.options.description && examples === declaration.examples) return declaration;
  return {
    ...declaration,
    options: description === undefined ? declaration.options : { ...declaration.options, description },
    examples,
  };
}
