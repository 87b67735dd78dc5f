/** Up to `limit` of `names` closest to `wanted`, closest first; none when nothing is close. */
export function closestNames(wanted: string, names: Iterable<string>, limit = 3): string[] {
  const target = wanted.trim().toLowerCase().slice(0, 128);
  const scored: [string, number][] = [];
  for (const name of names) {
    const candidate = name.toLowerCase();
    const distance = candidate === target ? 0 : levenshtein(target, candidate);
    const bound = Math.max(2, Math.floor(Math.max(target.length, candidate.length) / 3));
    if (distance <= bound || (target.length >= 3 && candidate.includes(target))) scored.push([name, distance]);
  }
  return scored
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([name]) => name);
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
