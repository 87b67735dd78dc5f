import type { Redis, RedisOptions } from 'ioredis';
import { redisConnection } from './redisConnection.js';
import type { SpentApprovalStore } from '../contracts/SpentApprovalStore.js';
import { ownOptions } from '../internal/ownOptions.js';

/** Options of {@link RedisSpentApprovals}. */
export interface RedisSpentApprovalsOptions {
  /**
   * The Redis to keep them in: an ioredis client (left open on `close()`), a `redis://` URL, or ioredis options.
   */
  readonly connection: Redis | string | RedisOptions;
  /** Prefix of every key. Default `hermes-tools:approvals:spent:`. */
  readonly prefix?: string;
}

/** What a state id may be: the server mints 16 random bytes, base64url; anything else is not one of its ids. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The spent 2026-era approvals of every replica, in Redis: one key per state that answered, set only if absent
 * (`SET NX`) and expiring with the state, so that a `requestState` approves one call across all the replicas that
 * share a `requestStateKey`. Give it to `serveHttp` (or the Nest endpoint) as `spentApprovals`.
 *
 * @example
 * const spentApprovals = new RedisSpentApprovals({ connection: 'redis://127.0.0.1:6379' });
 * await serveHttp(registry, { name: 'my-tools', version: '1.0.0', port: 3000, auth, stateless: true,
 *   requestStateKey: process.env.MCP_STATE_KEY, spentApprovals });
 */
export class RedisSpentApprovals implements SpentApprovalStore {
  readonly #redis: Redis;
  readonly #owned: boolean;
  readonly #prefix: string;

  constructor(given: RedisSpentApprovalsOptions) {
    // Checked before a connection is opened: a refused store leaves nothing running.
    const { options, problem } = ownOptions(given, ['connection', 'prefix']);
    if (problem !== undefined) throw new TypeError(`RedisSpentApprovals: ${problem}`);
    const { connection } = options;
    if (connection === undefined) throw new TypeError('RedisSpentApprovals: connection is required (a redis:// URL)');
    if (options.prefix !== undefined && typeof options.prefix !== 'string')
      throw new TypeError('RedisSpentApprovals: prefix must be a string');
    this.#prefix = options.prefix ?? 'hermes-tools:approvals:spent:';
    ({ redis: this.#redis, owned: this.#owned } = redisConnection(connection));
  }

  async isSpent(id: string): Promise<boolean> {
    return (await this.#redis.exists(this.#key(id))) === 1;
  }

  async spend(id: string, ttlMs: number): Promise<boolean> {
    if (!(Number.isSafeInteger(ttlMs) && ttlMs >= 1))
      throw new RangeError(`RedisSpentApprovals: ttlMs must be a whole number of at least 1, got ${String(ttlMs)}`);
    return (await this.#redis.set(this.#key(id), '1', 'PX', ttlMs, 'NX')) === 'OK';
  }

  /** Closes the connection this store opened; a client given to it is left open. */
  async close(): Promise<void> {
    if (this.#owned) await this.#redis.quit();
  }

  #key(id: string): string {
    if (!ID.test(id)) throw new RangeError('RedisSpentApprovals: not an approval state id');
    return `${this.#prefix}${id}`;
  }
}
