import type { ContentPart } from '../contracts/ContentPart.js';

/**
 * What marks a ToolResult: a registered symbol, so that a copy of the package loaded twice still recognises one, and
 * no JSON value (a model's argument, a remote's answer) can carry it.
 */
const BRAND = Symbol.for('hermes-tools.ToolResult');

/**
 * A tool's result with content parts (text, images, audio, links, embedded resources), alone or beside a structured
 * value. Return one from a handler; any other value is the result as it is, whatever its shape. The declared `output`
 * validates `value`; the parts are checked against the tool's content limits.
 *
 * @example
 * return ToolResult.of(Content.image(png, 'image/png'));
 * return new ToolResult({ value: { width: 640, height: 480 }, content: [Content.image(png, 'image/png')] });
 */
export class ToolResult<T = unknown> {
  /** The parts, in order. */
  readonly content: readonly ContentPart[];
  /** The structured value (`structuredContent` over MCP), when there is one. */
  readonly value: T | undefined;

  constructor(result: { readonly content: readonly ContentPart[]; readonly value?: T }) {
    this.content = Object.freeze([...result.content]);
    this.value = result.value;
    Object.freeze(this);
  }

  /** A result of these parts only. */
  static of(...content: ContentPart[]): ToolResult<undefined> {
    return new ToolResult({ content });
  }

  /** Always true: how a ToolResult is told from a value shaped like one. */
  get [BRAND](): true {
    return true;
  }
}

/** Whether `value` is a {@link ToolResult} (from this copy of the package or another). @internal */
export function isToolResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
