/** The longest name compared: tool names are at most 64 characters. */
const MAX_NAME = 64;
/** Most cells of distance tables one lookup may fill: a bound on its work however many tools there are. */
const MAX_CELLS = 1_000_000;

/** Up to `limit` of `names` closest to `wanted`, closest first; none when nothing is close. */
export function closestNames(wanted: string, names: Iterable<string>, limit = 3): string[] {
  const target = wanted.trim().toLowerCase().slice(0, MAX_NAME);
  const scored: [string, number][] = [];
  let cells = 0;
  for (const name of names) {
    const candidate = name.toLowerCase().slice(0, MAX_NAME);
    const bound = Math.max(2, Math.floor(Math.max(target.length, candidate.length) / 3));
    if (target.length >= 3 && candidate.includes(target)) {
      scored.push([name, candidate.length - target.length]);
      continue;
    }
    if (Math.abs(candidate.length - target.length) > bound || cells > MAX_CELLS) continue;
    cells += target.length * candidate.length;
    const distance = boundedDistance(target, candidate, bound);
    if (distance <= bound) scored.push([name, distance]);
  }
  return scored
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([name]) => name);
}

/** Levenshtein distance, or `bound + 1` as soon as it must exceed `bound`. */
function boundedDistance(a: string, b: string, bound: number): number {
  if (a === b) return 0;
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > bound) return bound + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}
