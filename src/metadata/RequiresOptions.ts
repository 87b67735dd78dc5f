/** When a tool is available. Checked on every listing and call, so a tool appears once its requirement is met. */
export interface RequiresOptions {
  /** Environment variables that must be set and non-empty. Only their names are ever reported. */
  readonly env?: readonly string[];
  /** Any other requirement (a binary on PATH, a reachable service). Throwing counts as not met. */
  readonly check?: () => boolean;
  /** What `check` requires, for the unavailable message. Default: "its availability check failed". */
  readonly description?: string;
}
