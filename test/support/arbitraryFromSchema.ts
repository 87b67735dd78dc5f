import fc from 'fast-check';

type Schema = Record<string, unknown>;

const word = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
  minLength: 1,
  maxLength: 10,
});

/**
 * Values valid for the JSON Schema subset hermes-tools emits (type, enum, min/max, lengths, items,
 * properties, required, formats), to check that what the model is shown is what is accepted.
 */
export function arbitraryFromSchema(schema: Schema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).find((t) => t !== 'null')
    : (schema.type as string | undefined);
  switch (type) {
    case 'string': {
      // A check the schema cannot say exactly is named in the description (the schema is then the looser one, as for
      // isEmail): a model that reads both sends a value that passes it.
      const named = String(schema.description ?? '');
      if (schema.format === 'email' || /\bisEmail\b/.test(named))
        return fc.tuple(word, word).map(([a, b]) => `${a}@${b}.com`);
      if (schema.format === 'uri' || schema.format === 'url') return word.map((w) => `https://${w}.example.com/${w}`);
      if (schema.format === 'uuid') return fc.uuid({ version: 4 });
      if (schema.format === 'date-time')
        return fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString());
      const minLength = (schema.minLength as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxLength as number | undefined) ?? minLength + 20, minLength + 20);
      return fc.string({ minLength, maxLength });
    }
    case 'integer':
      return fc.integer({
        min: bound(schema.minimum, schema.exclusiveMinimum, 1, -1e6),
        max: bound(schema.maximum, schema.exclusiveMaximum, -1, 1e6),
      });
    case 'number':
      return fc
        .double({
          min: (schema.minimum as number | undefined) ?? -1e6,
          max: (schema.maximum as number | undefined) ?? 1e6,
          noNaN: true,
          noDefaultInfinity: true,
          minExcluded: schema.exclusiveMinimum !== undefined,
          maxExcluded: schema.exclusiveMaximum !== undefined,
        })
        .filter((n) => !Object.is(n, -0));
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      return fc.array(arbitraryFromSchema(schema.items as Schema), {
        minLength,
        maxLength: Math.min((schema.maxItems as number | undefined) ?? minLength + 4, minLength + 4),
      });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) model[key] = arbitraryFromSchema(child);
      return fc.record(model, { requiredKeys: (schema.required ?? []) as string[] });
    }
    default:
      return fc.jsonValue();
  }
}

function bound(inclusive: unknown, exclusive: unknown, step: number, fallback: number): number {
  if (typeof exclusive === 'number') return exclusive + step;
  return typeof inclusive === 'number' ? inclusive : fallback;
}

/** A value of the wrong JSON type for `schema`, that no coercion turns into a right one. */
export function wrongTypeFor(schema: Schema): unknown {
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : schema.type;
  if (Array.isArray(schema.enum)) return { notOneOf: true };
  switch (type) {
    case 'string':
      return { not: 'a string' };
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return [true];
    case 'array':
      return { not: 'an array' };
    case 'object':
      return 'not an object';
    default:
      return undefined;
  }
}
