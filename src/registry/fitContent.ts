import type { CallOptions } from '../contracts/CallOptions.js';
import type { ContentPart } from '../contracts/ContentPart.js';
import type { ResultStore } from '../contracts/ResultStore.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import { OutputValidationError } from '../errors/OutputValidationError.js';
import { keepResult } from './keepResult.js';
import type { ResolvedContentLimits } from '../contracts/ResolvedContentLimits.js';

/** The parts as they leave, and what was cut of their text. */
export interface FittedContent {
  readonly parts: readonly ContentPart[];
  readonly truncated?: { readonly id: string | undefined; readonly shownChars: number; readonly totalChars: number };
}

/** What a part is, for a note: `image/png image`, `audio/wav audio`, `application/pdf resource`. */
function describe(part: ContentPart): string {
  if (part.type === 'resource') return `${part.resource.mimeType ?? 'binary'} resource`;
  if (part.type === 'image' || part.type === 'audio') return `${part.mimeType} ${part.type}`;
  return part.type;
}

/** The text a part carries for the model to read: a text part's, an embedded text resource's. */
function textOf(part: ContentPart): string | undefined {
  if (part.type === 'text') return part.text;
  if (part.type === 'resource' && 'text' in part.resource) return part.resource.text;
  return undefined;
}

/** An embedded text resource with other text. */
function withText(part: ContentPart, text: string): ContentPart {
  const { resource } = part as Extract<ContentPart, { type: 'resource' }>;
  return { type: 'resource', resource: { ...resource, text } as { uri: string; mimeType?: string; text: string } };
}

function how(id: string | undefined, what: string): string {
  return id === undefined ? `${what} could not be kept` : `read ${what} with results.read({"id":"${id}"})`;
}

/**
 * Whether the parts leave as they are: no binary part over its size or past the result's, and their text within what
 * is left of the budget. Most results do, and need no store and no wait.
 */
export function fitsAsIs(
  parts: readonly ContentPart[],
  bytes: readonly number[],
  limits: ResolvedContentLimits,
  budget: number | undefined,
  used: number,
): boolean {
  let total = 0;
  for (const size of bytes) {
    if (size > limits.maxPartBytes) return false;
    total += size;
  }
  if (total > limits.maxResultBytes) return false;
  if (budget === undefined) return true;
  let chars = used;
  for (const part of parts) chars += textOf(part)?.length ?? 0;
  return chars <= budget;
}

/**
 * A result's checked parts within their limits. A binary part over `maxPartBytes` goes to the result store and is
 * replaced by a text note saying how to read it; without a store (result budgets off) the call fails with an
 * OutputValidationError naming the limit, and so does a part that would take what the result sends and keeps past
 * `maxResultBytes`. Text (text parts and embedded text, not those notes) shares the result's character budget with the
 * structured value (`used` characters of it): past it, the text is cut with a note, and the whole text is kept for
 * `results.read`.
 */
export async function fitContent(
  parts: readonly ContentPart[],
  bytes: readonly number[],
  limits: ResolvedContentLimits,
  tool: string,
  core: ToolCore | undefined,
  store: ResultStore | undefined,
  budget: number | undefined,
  used: number,
  options: CallOptions,
): Promise<FittedContent> {
  const out: ContentPart[] = [...parts];
  // The notes that stand for kept parts: never cut by the text budget (their id is what they are for).
  const notes = new Set<number>();
  let total = 0;
  let kept = 0;
  for (let index = 0; index < out.length; index++) {
    const size = bytes[index]!;
    if (size === 0) continue;
    const part = out[index]!;
    // What one result sends and keeps together stays within maxResultBytes: past it a part is refused, not kept, so that
    // one call cannot fill the store other callers' results share.
    const tooLarge = total + kept + size > limits.maxResultBytes;
    if (size <= limits.maxPartBytes && !tooLarge) {
      total += size;
      continue;
    }
    const limit = `content.maxPartBytes, ${limits.maxPartBytes}`;
    if (store === undefined || core === undefined || tooLarge) {
      throw new OutputValidationError(
        tool,
        [
          {
            path: `content[${index}]`,
            message: tooLarge
              ? `an ${describe(part)} of ${size} bytes would take the result past what a whole result may be (content.maxResultBytes, ${limits.maxResultBytes}, sent and kept together), so it is neither sent nor kept; return fewer or smaller parts`
              : `an ${describe(part)} of ${size} bytes is over the limit (${limit}), and result budgets are off, so it cannot be kept to read later; return a smaller part or raise the limit`,
            constraint: tooLarge ? 'maxResultBytes' : 'maxPartBytes',
          },
        ],
        false,
        'has a content part too large to send',
      );
    }
    kept += size;
    const id = await keepResult(store, core, JSON.stringify(part), options);
    out[index] = {
      type: 'text',
      text: `[an ${describe(part)} of ${size} bytes, over the limit (${limit}): not sent; ${how(id, 'it')}]`,
    };
    notes.add(index);
  }
  if (budget === undefined) return { parts: out };
  // Text counts wherever it is: text parts and the text of embedded resources, not the notes above.
  const texts = out.flatMap((part, index) => {
    const text = notes.has(index) ? undefined : textOf(part);
    return text === undefined ? [] : [text];
  });
  const totalChars = texts.reduce((sum, text) => sum + text.length, 0);
  if (used + totalChars <= budget || core === undefined || store === undefined) return { parts: out };
  const id = await keepResult(store, core, texts.join('\n\n'), options);
  let left = Math.max(0, budget - used);
  let shownChars = 0;
  const fitted = out.map((part, index): ContentPart => {
    const text = notes.has(index) ? undefined : textOf(part);
    if (text === undefined) return part;
    if (text.length <= left) {
      left -= text.length;
      shownChars += text.length;
      return part;
    }
    const shown = text.slice(0, left);
    shownChars += shown.length;
    left = 0;
    const note = `[… cut to fit: ${text.length - shown.length} characters left out; ${totalChars} characters of text in all; ${how(id, 'the whole text')}]`;
    const cut = shown === '' ? note : `${shown}\n${note}`;
    return part.type === 'text' ? { type: 'text', text: cut } : withText(part, cut);
  });
  return { parts: fitted, truncated: { id, shownChars, totalChars } };
}
