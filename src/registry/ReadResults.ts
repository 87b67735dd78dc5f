import type { ResultStore } from '../contracts/ResultStore.js';
import type { ToolContext } from '../contracts/ToolContext.js';
import { Arg } from '../decorators/Arg.js';
import { Ctx } from '../decorators/Ctx.js';
import { Tool } from '../decorators/Tool.js';
import { ToolValidationError } from '../errors/ToolValidationError.js';
import { resultOwnerOf } from './resultOwner.js';

/**
 * `results.read`: the rest of a result that was cut to fit its budget, page by page, in characters
 * of its JSON text. Only the caller that produced a result can read it, holding the permissions
 * its tool declares (over MCP: the same principal, from any of its sessions, else the same session);
 * to anyone else an id is indistinguishable from one that never existed.
 */
@Tool({
  name: 'results.read',
  description:
    'Read a result that was cut to fit: pass the id from its "read the whole result" note, and an offset (and limit) in characters of its JSON text; call again with the next offset until there is none.',
  readOnly: true,
  idempotent: true,
})
export class ReadResults {
  constructor(
    private readonly store: ResultStore,
    private readonly pageChars: number,
  ) {}

  async execute(
    @Arg('id', { type: String, minLength: 1, maxLength: 200, description: 'The id the cut result named.' }) id: string,
    @Arg('offset', {
      type: Number,
      integer: true,
      minimum: 0,
      default: 0,
      description: 'Where to start, in characters of the JSON text.',
    })
    offset: number,
    @Arg('limit', {
      type: Number,
      integer: true,
      minimum: 1,
      optional: true,
      description: 'How many characters to read at most.',
    })
    limit: number | undefined,
    @Ctx() ctx: ToolContext,
  ): Promise<{ id: string; offset: number; totalChars: number; text: string; nextOffset?: number }> {
    const stored = await this.store.load(id);
    const permissions = ctx.permissions;
    const allowed =
      stored !== undefined &&
      stored.owner === resultOwnerOf(ctx.caller) &&
      (!stored.restricted || (permissions !== undefined && stored.toolPermissions.every((p) => permissions.allows(p))));
    if (!allowed) {
      throw new ToolValidationError(ctx.tool, [
        {
          path: 'id',
          message:
            'id is not the id of a result you can read (it is unknown, expired, or was produced for another caller)',
          constraint: 'resultId',
        },
      ]);
    }
    const size = Math.min(limit ?? this.pageChars, this.pageChars);
    const text = stored.text.slice(offset, offset + size);
    const end = offset + text.length;
    return { id, offset, totalChars: stored.text.length, text, ...(end < stored.text.length && { nextOffset: end }) };
  }
}
