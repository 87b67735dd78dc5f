/**
 * A queue's signing key: a secret of at least 32 bytes (a string is read as UTF-8), shared by the
 * agents and the workers of one queue. Give a list to rotate keys: the first one signs, any one verifies.
 */
export type SigningKey = string | Uint8Array;
