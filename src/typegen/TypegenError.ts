/** A typegen run that cannot go on: no TypeScript, no tsconfig.json, a manifest it cannot write. One line, for a CLI. */
export class TypegenError extends Error {
  override readonly name = 'TypegenError';
}
