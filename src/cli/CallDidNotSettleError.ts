/**
 * A call whose promise was still pending when nothing else was left for the process to do: the
 * tool will never answer. One line for the user, exit code 1.
 */
export class CallDidNotSettleError extends Error {
  constructor(readonly tool: string) {
    super(
      `the call to ${tool} did not settle: its tool neither returned nor failed, and nothing was left that could make it; ` +
        'pass --timeout <ms> to end such a call with a timeout outcome',
    );
  }
}
