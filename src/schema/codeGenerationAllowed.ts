let canGenerate: boolean | undefined;

/** Whether this host runs code made at run time: a Content Security Policy or an edge runtime may forbid it. */
export function codeGenerationAllowed(): boolean {
  if (canGenerate === undefined) {
    try {
      canGenerate = new Function('return true')() === true;
    } catch {
      // Converted: the host forbids generated code (an EvalError); the closures are used instead.
      canGenerate = false;
    }
  }
  return canGenerate;
}
