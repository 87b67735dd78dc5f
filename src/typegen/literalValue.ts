import type { Node } from 'typescript/unstable/ast';
import type { TypeScriptApi } from './loadTypeScript.js';

/** No value: the expression is not a JSON literal. */
export const NOT_LITERAL: unique symbol = Symbol('not a literal');

/**
 * The JSON value an expression spells: string, number (with a sign), true, false, null, and arrays and objects of
 * them. Anything else (a call, a constant's name, a template) is {@link NOT_LITERAL}: it runs, so typegen cannot know it.
 */
export function literalValue(node: Node, ts: TypeScriptApi): unknown {
  const { SyntaxKind } = ts.ast;
  const n = node as Node & { text?: string; operand?: Node; operator?: number; elements?: readonly Node[] };
  switch (node.kind) {
    case SyntaxKind.StringLiteral:
    case SyntaxKind.NoSubstitutionTemplateLiteral:
      return n.text;
    case SyntaxKind.NumericLiteral:
      return Number(n.text);
    case SyntaxKind.TrueKeyword:
      return true;
    case SyntaxKind.FalseKeyword:
      return false;
    case SyntaxKind.NullKeyword:
      return null;
    case SyntaxKind.PrefixUnaryExpression: {
      const operand = n.operand === undefined ? NOT_LITERAL : literalValue(n.operand, ts);
      if (typeof operand !== 'number') return NOT_LITERAL;
      return n.operator === SyntaxKind.MinusToken
        ? -operand
        : n.operator === SyntaxKind.PlusToken
          ? operand
          : NOT_LITERAL;
    }
    case SyntaxKind.ArrayLiteralExpression: {
      const values = (n.elements ?? []).map((e) => literalValue(e, ts));
      return values.includes(NOT_LITERAL) ? NOT_LITERAL : values;
    }
    case SyntaxKind.ObjectLiteralExpression: {
      const out: Record<string, unknown> = Object.create(null);
      for (const property of (node as unknown as { properties: readonly Node[] }).properties) {
        if (property.kind !== SyntaxKind.PropertyAssignment) return NOT_LITERAL;
        const { name, initializer } = property as unknown as { name: Node & { text?: string }; initializer: Node };
        if (name.kind !== SyntaxKind.Identifier && name.kind !== SyntaxKind.StringLiteral) return NOT_LITERAL;
        // A key that reaches a prototype is refused in every input; as a default it would be written as a setter.
        if (name.text === '__proto__' || name.text === 'constructor' || name.text === 'prototype') return NOT_LITERAL;
        const value = literalValue(initializer, ts);
        if (value === NOT_LITERAL) return NOT_LITERAL;
        out[name.text!] = value;
      }
      return { ...out };
    }
    default:
      return NOT_LITERAL;
  }
}
