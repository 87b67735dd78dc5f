import type { Logger } from '../contracts/Logger.js';

/** Logs nothing: the default, so a library never writes to a host's console uninvited. */
export const silentLogger: Logger = Object.freeze({
  debug() {},
  info() {},
  warn() {},
  error() {},
});
