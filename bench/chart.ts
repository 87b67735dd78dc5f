// The per-call table as an SVG bar chart (written beside RESULTS.md), drawn as text: no browser.
// Bars are on a log scale of the median time, so 70 ns and 30 µs fit on one chart.

export interface Bar {
  readonly name: string;
  readonly ns: number;
  /** Ours: drawn in the accent colour. */
  readonly ours: boolean;
}

const WIDTH = 980;
const LABEL = 430;
const ROW = 26;
const TOP = 56;

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function perCallChart(title: string, bars: readonly Bar[], format: (ns: number) => string): string {
  const min = Math.min(...bars.map((b) => b.ns));
  const max = Math.max(...bars.map((b) => b.ns));
  const low = 10 ** Math.floor(Math.log10(min));
  const high = 10 ** Math.ceil(Math.log10(max));
  const span = WIDTH - LABEL - 110;
  const x = (ns: number): number => (Math.log10(ns / low) / Math.log10(high / low)) * span;
  const height = TOP + bars.length * ROW + 40;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, sans-serif" font-size="13">`,
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    `<text x="16" y="28" font-size="16" font-weight="600">${xml(title)}</text>`,
  ];
  for (let tick = low; tick <= high; tick *= 10) {
    const at = LABEL + x(tick);
    out.push(
      `<line x1="${at.toFixed(1)}" y1="${TOP - 8}" x2="${at.toFixed(1)}" y2="${TOP + bars.length * ROW}" stroke="#ddd"/>`,
    );
    out.push(
      `<text x="${at.toFixed(1)}" y="${TOP + bars.length * ROW + 18}" text-anchor="middle" fill="#666">${xml(format(tick))}</text>`,
    );
  }
  bars.forEach((bar, i) => {
    const y = TOP + i * ROW;
    const w = Math.max(2, x(bar.ns));
    out.push(
      `<text x="${LABEL - 10}" y="${y + 16}" text-anchor="end"${bar.ours ? ' font-weight="600"' : ''}>${xml(bar.name)}</text>`,
    );
    out.push(
      `<rect x="${LABEL}" y="${y + 4}" width="${w.toFixed(1)}" height="${ROW - 8}" fill="${bar.ours ? '#c2410c' : '#64748b'}"/>`,
    );
    out.push(`<text x="${(LABEL + w + 6).toFixed(1)}" y="${y + 16}" fill="#333">${xml(format(bar.ns))}</text>`);
  });
  out.push(
    `<text x="16" y="${height - 8}" fill="#666" font-size="11">median time per call, log scale; ours in orange</text>`,
  );
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
