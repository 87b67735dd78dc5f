// The own-keys readers of src/internal: options and declarations are read as own keys only, so a polluted
// Object.prototype never sets one, and unknown keys are named for the caller to refuse.
import { ownCopy, ownOptions } from '../../src/internal/ownOptions.js';
import { ownValue } from '../../src/internal/ownValue.js';

interface Opts {
  name: string;
  tools: unknown[];
  granted: unknown;
}
const KNOWN: (keyof Opts)[] = ['name', 'tools', 'granted'];

describe('ownOptions', () => {
  it.each([undefined, null, 42, 'text', true])('reads %p as no options, with nothing unknown', (given) => {
    const read = ownOptions(given as unknown as Opts, KNOWN);
    expect(Object.getPrototypeOf(read.options)).toBeNull();
    expect(Object.keys(read.options)).toEqual([]);
    expect(read.unknown).toEqual([]);
    expect(read.problem).toBeUndefined();
  });

  it('copies the known keys given as own, onto an object without a prototype', () => {
    const inherited = Object.create({ granted: 'from a prototype' }) as Partial<Opts>;
    inherited.name = 'files';
    const read = ownOptions(inherited as Opts, KNOWN);
    expect(Object.getPrototypeOf(read.options)).toBeNull();
    expect({ ...read.options }).toEqual({ name: 'files' });
    expect(read.options.granted).toBeUndefined();
  });

  it('reads the own keys of a function too', () => {
    const given = Object.assign(() => undefined, { name2: 1 });
    expect(ownOptions(given as unknown as Opts, KNOWN).unknown).toEqual(['name2']);
  });

  it('names one unknown key, with the known ones', () => {
    const read = ownOptions({ name: 'x', grnated: 1 } as unknown as Opts, KNOWN);
    expect(read.unknown).toEqual(['grnated']);
    expect(read.problem).toBe('unknown option "grnated" (known: name, tools, granted)');
  });

  it('names up to ten unknown keys, counts the rest, and clips each to 64 characters', () => {
    const given: Record<string, number> = {};
    for (let i = 0; i < 12; i++) given[`k${i}`] = i;
    given['x'.repeat(100)] = 0;
    const read = ownOptions(given as unknown as Opts, KNOWN);
    expect(read.unknown).toHaveLength(13);
    const shown = Array.from({ length: 10 }, (_, i) => `"k${i}"`).join(', ');
    expect(read.problem).toBe(`unknown options ${shown} and 3 more (known: name, tools, granted)`);
    const ten = ownOptions(Object.fromEntries(Object.entries(given).slice(0, 10)) as unknown as Opts, KNOWN);
    expect(ten.problem).toBe(`unknown options ${shown} (known: name, tools, granted)`);
    const long = ownOptions({ ['y'.repeat(100)]: 1 } as unknown as Opts, KNOWN);
    expect(long.problem).toBe(`unknown option "${'y'.repeat(64)}" (known: name, tools, granted)`);
  });
});

describe('ownCopy', () => {
  it('is a frozen copy of the own enumerable keys, without a prototype; nothing gives an empty copy', () => {
    const copy = ownCopy(Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 }));
    expect(Object.isFrozen(copy)).toBe(true);
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect({ ...copy }).toEqual({ own: 2 });
    expect(Object.keys(ownCopy(undefined))).toEqual([]);
    expect(Object.keys(ownCopy(null))).toEqual([]);
  });
});

describe('ownValue', () => {
  it('reads an own key only, and nothing from a missing object', () => {
    const object = Object.assign(Object.create({ caller: 'from a prototype' }) as { caller?: string; id?: number }, {
      id: 7,
    });
    expect(ownValue(object, 'id')).toBe(7);
    expect(ownValue(object, 'caller')).toBeUndefined();
    expect(ownValue(null as { id?: number } | null, 'id')).toBeUndefined();
    expect(ownValue(undefined as { id?: number } | undefined, 'id')).toBeUndefined();
  });
});
