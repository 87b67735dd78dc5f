import { BoundedCache } from '../../src/internal/BoundedCache.js';

describe('BoundedCache', () => {
  it('keeps at most max entries, forgetting the least recently used to take a new one', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    // Reading "a" makes "b" the least recently used.
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('makes a value once per key while it is kept, and again once it was forgotten', () => {
    const cache = new BoundedCache<string, object>(1);
    let made = 0;
    const make = () => ({ made: ++made });
    const first = cache.getOrMake('x', make);
    expect(cache.getOrMake('x', make)).toBe(first);
    cache.getOrMake('y', make);
    expect(cache.getOrMake('x', make)).not.toBe(first);
    expect(made).toBe(3);
  });

  it('replaces the value of a key it holds without forgetting another', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    expect([cache.get('a'), cache.get('b'), cache.size]).toEqual([3, 2, 2]);
  });

  it('refuses a size that is not a whole number of at least one', () => {
    expect(() => new BoundedCache(0)).toThrow(/max must be a whole number ≥ 1, not 0/);
    expect(() => new BoundedCache(1.5)).toThrow(RangeError);
  });
});
