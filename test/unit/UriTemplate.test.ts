// URI templates of RFC 6570 levels 1 and 2: what a URI matches, and what values expand into (an imported template's
// read goes to the remote's own template, expanded from the values matched here).
import { UriTemplate } from '../../src/entries/UriTemplate.js';

function parsed(template: string): UriTemplate {
  const read = UriTemplate.parse(template);
  if ('problem' in read) throw new Error(read.problem);
  return read;
}

describe('UriTemplate', () => {
  it('expands a simple variable with everything but unreserved characters percent-encoded', () => {
    expect(parsed('items://{id}').expand({ id: "a b/c?d#e!'()*" })).toBe('items://a%20b%2Fc%3Fd%23e%21%27%28%29%2A');
  });

  it('expands a reserved variable keeping "/" but encoding "?" and "#", which it can only have matched encoded', () => {
    expect(parsed('files:///{+path}').expand({ path: 'a b/c?d#e' })).toBe('files:///a%20b/c%3Fd%23e');
  });

  it('expands a fragment with its "#", and nothing for an empty one', () => {
    expect(parsed('doc://x{#part}').expand({ part: 'intro/2' })).toBe('doc://x#intro/2');
    expect(parsed('doc://x{#part}').expand({ part: '' })).toBe('doc://x');
  });

  it('gives back, for what it matched, a URI that matches to the same values', () => {
    for (const [template, uri] of [
      ['items://{id}/lines', 'items://a%20b%3Fc/lines'],
      ['files:///srv/{+path}', 'files:///srv/notes/a%3Fb.txt'],
      ['q://{a}-{+b}', 'q://x%25y-1/2'],
    ] as const) {
      const t = parsed(template);
      const values = t.match(uri);
      expect(values).toBeDefined();
      expect(t.match(t.expand(values!))).toEqual(values);
    }
  });

  it('reads an own value only: an inherited one expands as empty', () => {
    const values = Object.create({ id: 'inherited' }) as Record<string, string>;
    expect(parsed('items://{id}').expand(values)).toBe('items://');
  });

  it('matches without backtracking: URIs of the longest length built to split many ways match nothing, at once', () => {
    // A backtracking matcher takes cubic time or worse on these (minutes at 8,192 characters).
    const repo = parsed('repo://{+owner}/{+repo}/{+path}');
    expect(repo.match(`repo://${'/'.repeat(8000)}?`)).toBeUndefined();
    const tag = parsed('tag://{a}-{b}-{c}');
    expect(tag.match(`tag://${'-'.repeat(8000)}/`)).toBeUndefined();
    // The longest split that matches, else the shortest.
    expect(tag.match('tag://x-y-z-w')).toEqual({ a: 'x', b: 'y', c: 'z-w' });
    expect(repo.match('repo://o/r/docs/a.md')).toEqual({ owner: 'o', repo: 'r', path: 'docs/a.md' });
    expect(parsed('files://{+dir}/{name}').match('files://a/b/c.txt')).toEqual({ dir: 'a/b', name: 'c.txt' });
    expect(parsed('files://{name}.{ext}').match('files://a.b.c')).toEqual({ name: 'a.b', ext: 'c' });
    expect(parsed('files://{+dir}/{name}').match('files://a/b/c?x')).toBeUndefined();
  });

  it('matches nothing for half a surrogate pair, raw or encoded: no URI could be made of it again', () => {
    const file = parsed('files:///srv/{+path}');
    expect(file.match('files:///srv/a\ud800b')).toBeUndefined();
    expect(file.match('files:///srv/a%ED%A0%80b')).toBeUndefined();
    expect(file.match('files:///srv/caf\u00e9')).toEqual({ path: 'caf\u00e9' });
  });
});
