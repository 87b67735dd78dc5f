import { Redis, type RedisOptions } from 'ioredis';

/**
 * The Redis a store uses: the ioredis client it was given (then not its own to close), or one it opens from a
 * `redis://` URL or ioredis options.
 */
export function redisConnection(connection: Redis | string | RedisOptions): { redis: Redis; owned: boolean } {
  if (connection instanceof Redis) return { redis: connection, owned: false };
  return { redis: typeof connection === 'string' ? new Redis(connection) : new Redis(connection), owned: true };
}
