import type { IncomingMessage } from 'node:http';

/** What reading a request's body gave: its JSON, or why there is none. */
export type JsonBody =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly status: 400 | 413; readonly message: string };

/**
 * Reads a request's JSON body, refusing one over `maxBytes` as soon as it is known to be too
 * large (from `Content-Length`, or once that much has arrived), without buffering the rest.
 */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return tooLarge(maxBytes);
  }
  // Not `for await`: leaving that loop early destroys the request, and its socket with the answer.
  const text = await new Promise<string | undefined>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      req.off('data', onData);
      req.resume();
      resolve(undefined);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
  if (text === undefined) return tooLarge(maxBytes);
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // Converted: a body JSON.parse refuses is the client's error, answered 400 (JSON-RPC parse error).
    return {
      ok: false,
      status: 400,
      message: 'the request body is not JSON; send one JSON-RPC message (or a batch) as application/json',
    };
  }
}

/** The refusal of a body over `maxBytes`: made only for one (its message is a string built from the limit). */
function tooLarge(maxBytes: number): JsonBody {
  return {
    ok: false,
    status: 413,
    message: `the request body is larger than ${maxBytes} bytes, this server's limit; send a smaller request`,
  };
}
