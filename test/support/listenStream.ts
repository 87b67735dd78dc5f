import { ENVELOPE, modernHeaders } from './modernRawCall.js';

/**
 * A 2026-07-28 `subscriptions/listen` stream opened by hand over Streamable HTTP with `notifications` as its filter:
 * its status, the text read from it so far, a wait for a text to arrive, its end, and a way to close it. The stream is
 * read as it comes, from the moment it opens.
 */
export async function listenStream(url: URL, notifications: Record<string, unknown>, token = 'any') {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    signal: controller.signal,
    headers: modernHeaders(token, 'subscriptions/listen'),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'subscriptions/listen',
      params: { notifications, _meta: ENVELOPE },
    }),
  });
  let seen = '';
  let open = true;
  /** Why the stream stopped, when it did not simply end: this side closed it, or the connection dropped. */
  let broken: unknown;
  const arrived = new Set<() => void>();
  const ended = (async () => {
    try {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        seen += value;
        for (const check of [...arrived]) check();
      }
    } catch (error) {
      broken = error;
    } finally {
      open = false;
      for (const check of [...arrived]) check();
    }
  })();
  return {
    status: response.status,
    /** What the stream carried so far. */
    seen: () => seen,
    /** Settles once the stream has carried `text`; rejects if it ends first. */
    until: (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (seen.includes(text)) resolve();
          else if (!open) reject(new Error(`the stream ended before ${text}`, { cause: broken }));
          else return;
          arrived.delete(check);
        };
        arrived.add(check);
        check();
      }),
    /** Settles when the stream ends (the server ended it, or `close`). */
    ended,
    close: () => controller.abort(),
  };
}
