// `node tools/syncSnippets.mjs`: rewrites every TypeScript block of README.md and docs/*.md that is marked
// `<!-- snippet: file -->` or `<!-- snippet: file#region -->` with that file's (or region's) current text, the way
// test/readmeSnippets.test.ts reads it. Run it after editing or reformatting a snippet's source file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

function sourceOf(source) {
  const [file, region] = source.split('#');
  const whole = readFileSync(path.join(root, file), 'utf8');
  if (region === undefined) return whole;
  const start = whole.indexOf(`// #region ${region}\n`);
  const end = whole.indexOf(`// #endregion ${region}\n`);
  if (start === -1 || end === -1) throw new Error(`${file} has no region ${region}`);
  return whole.slice(start + `// #region ${region}\n`.length, end);
}

for (const page of pages) {
  const file = path.join(root, page);
  const text = readFileSync(file, 'utf8');
  const synced = text.replace(/<!-- snippet: ([^\s]+) -->\n```ts\n([\s\S]*?)```/g, (_, source) => `<!-- snippet: ${source} -->\n\`\`\`ts\n${sourceOf(source)}\`\`\``);
  if (synced !== text) {
    writeFileSync(file, synced);
    console.log(`synced ${page}`);
  }
}
