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
});
