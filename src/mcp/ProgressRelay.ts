/** The `params` of one `notifications/progress`. */
export interface ProgressParams {
  readonly progressToken: string | number;
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/**
 * Relays one call's progress reports to its client in the order the tool made them. Each send
 * starts when the one before it has settled, and {@link ProgressRelay.close} gives a promise that
 * settles once every report made before it has been sent: the server awaits it before returning
 * the call's result, so a result never overtakes its own progress, whatever the transport.
 * A failed send goes to `onFailed` and the next report is still sent (a client that went away
 * cannot be told, and the call goes on to its outcome); a report made after `close` is dropped,
 * since its call has ended.
 */
export class ProgressRelay {
  #sent: Promise<void> = Promise.resolve();
  #open = true;

  constructor(
    private readonly progressToken: string | number,
    private readonly send: (params: ProgressParams) => Promise<void>,
    private readonly onFailed: (error: unknown) => void,
  ) {}

  /** Queues one report; the `ctx.progress` listener of the call. */
  readonly report = (progress: number, total?: number, message?: string): void => {
    if (!this.#open) return;
    const params: ProgressParams = {
      progressToken: this.progressToken,
      progress,
      ...(total === undefined ? {} : { total }),
      ...(message === undefined ? {} : { message }),
    };
    this.#sent = this.#sent.then(() => this.send(params)).catch(this.onFailed);
  };

  /** Stops relaying and settles when every report made so far has been sent (or failed). Never rejects. */
  close(): Promise<void> {
    this.#open = false;
    return this.#sent;
  }
}
