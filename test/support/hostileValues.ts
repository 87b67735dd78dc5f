/** Values a model (or an attacker behind one) might send as arguments, named for test output. */
export function hostileValues(): [string, unknown][] {
  let deepObject: unknown = {};
  let deepArray: unknown = [];
  for (let i = 0; i < 10_000; i++) {
    deepObject = { a: deepObject, path: 'x' };
    deepArray = [deepArray];
  }
  const throwingGetter = {};
  for (const key of ['path', 'content', 'customer', 'message', 'city', 'checks', 'limit', 'lines']) {
    Object.defineProperty(throwingGetter, key, {
      enumerable: true,
      get: () => {
        throw new Error('getter exploded at /work/secret/path.js:1');
      },
    });
  }
  const hostileProxy = new Proxy(
    {},
    {
      ownKeys: () => {
        throw new Error('ownKeys exploded');
      },
      get: () => {
        throw new Error('get exploded');
      },
    },
  );
  class Impostor {
    path = 'notes/todo.md';
  }
  const megaString = 'x'.repeat(3_000_000);
  return [
    ['__proto__ key', JSON.parse('{"path":"notes/todo.md","__proto__":{"polluted":true}}')],
    [
      'nested __proto__ key',
      JSON.parse(
        '{"customer":{"__proto__":{"polluted":true},"name":"a","email":"a@b.co"},"lines":[{"sku":"BOOK-1","quantity":1,"__proto__":{"polluted":true}}]}',
      ),
    ],
    ['constructor.prototype', { path: 'x', constructor: { prototype: { polluted: true } } }],
    ['prototype key', JSON.parse('{"prototype":{"polluted":true},"message":"abc"}')],
    ['10,000-level object', deepObject],
    ['10,000-level array', deepArray],
    [
      '10,000-level object in a field',
      { path: 'x', content: deepObject, customer: deepObject, lines: deepArray, message: deepObject, files: deepArray },
    ],
    [
      '3 MB string',
      { path: megaString, content: megaString, message: megaString, city: megaString, labels: [megaString] },
    ],
    [
      '1,000,000-element array',
      {
        lines: new Array(1_000_000).fill({ sku: 'BOOK-1', quantity: 1 }),
        files: new Array(1_000_000).fill('a'),
        labels: new Array(1_000_000).fill('l'),
      },
    ],
    ['NaN, Infinity, -0', { path: NaN, maxBytes: Infinity, limit: -0, checks: NaN, stepMs: -Infinity, quantity: -0 }],
    ['NaN as the arguments', NaN],
    ['a Date', { path: new Date(), message: new Date() }],
    ['a Map', new Map([['path', 'x']])],
    ['a class instance', new Impostor()],
    ['a class instance in a field', { customer: new Impostor(), lines: [new Impostor()], path: 'a' }],
    ['getters that throw', throwingGetter],
    ['a proxy that throws', hostileProxy],
    ['a function', () => 'x'],
    ['a symbol', Symbol('s')],
    ['a bigint', { path: 10n, limit: 10n }],
    ['null', null],
    ['undefined', undefined],
    ['a string', '{"path":"notes/todo.md"}'],
    ['an array', ['notes/todo.md']],
    ['many unknown keys', Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]))],
  ];
}
