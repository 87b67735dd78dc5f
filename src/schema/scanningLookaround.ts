import type { RootNode } from 'regjsparser';
// A CommonJS module whose exports Node cannot name to an ES module: its default export is module.exports.
import regjsparser from 'regjsparser';

/** The most characters a lookaround may read where it can be tried at many positions: linear enough at that. */
const MAX_REACH = 100;

type Node = RootNode<{ lookbehind: true; namedGroups: true; unicodePropertyEscape: true; modifiers: true }>;

/**
 * Whether a pattern holds a lookaround (`(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`) that can read more than {@link MAX_REACH}
 * characters and is tried at many positions: inside a repetition, or anywhere in a pattern a search tries at each
 * start. Each try reads on to the end of the text, so the whole check takes quadratic time; a backtracking analyser
 * does not see it, since nothing is ambiguous. The lookarounds right after a leading `^` (without the `m` flag), as in
 * `^(?=.*\d)(?=.*[a-z]).{8,64}$`, run once and are allowed. Throws where the syntax cannot be read.
 */
export function hasScanningLookaround(source: string, flags: string): boolean {
  const root = regjsparser.parse(source, flags, {
    lookbehind: true,
    namedGroups: true,
    unicodePropertyEscape: true,
    modifiers: true,
  }) as Node;
  const once = new Set<Node>();
  const terms = root.type === 'alternative' ? root.body : [root];
  const first = terms[0];
  if (first?.type === 'anchor' && first.kind === 'start' && !flags.includes('m'))
    for (let i = 1; i < terms.length && isLookaround(terms[i]!); i++) once.add(terms[i]!);
  return scans(root, once);
}

function scans(node: Node, once: ReadonlySet<Node>): boolean {
  if (isLookaround(node) && !once.has(node) && reach(node.body as Node[]) > MAX_REACH) return true;
  return childrenOf(node).some((child) => scans(child, once));
}

function isLookaround(node: Node): node is Extract<Node, { type: 'group' }> {
  return node.type === 'group' && node.behavior !== 'normal' && node.behavior !== 'ignore';
}

function childrenOf(node: Node): Node[] {
  switch (node.type) {
    case 'alternative':
    case 'disjunction':
    case 'group':
    case 'quantifier':
      return node.body as Node[];
    default:
      return [];
  }
}

/** The most characters a sequence of terms can read: infinite past an unbounded quantifier or a backreference. */
function reach(terms: readonly Node[]): number {
  let total = 0;
  for (const term of terms) total += reachOf(term);
  return total;
}

function reachOf(node: Node): number {
  switch (node.type) {
    case 'alternative':
    case 'group':
      // A lookaround reads without consuming: what it reads is counted when it is checked itself.
      return isLookaround(node) ? 0 : reach(node.body as Node[]);
    case 'disjunction':
      return Math.max(...(node.body as Node[]).map(reachOf));
    case 'quantifier':
      return node.max === undefined ? Number.POSITIVE_INFINITY : node.max * reachOf(node.body[0] as Node);
    case 'reference':
      return Number.POSITIVE_INFINITY;
    case 'anchor':
      return 0;
    default:
      return 1;
  }
}
