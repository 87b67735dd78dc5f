// ToolDefinitionError's shape: its problems are in its message once, and in `problems`/`details` for code, which
// are own properties like a class field's but not enumerable, so an uncaught one does not print them twice more.
import { ToolDefinitionError } from '../../src/errors/ToolDefinitionError.js';

describe('ToolDefinitionError', () => {
  const error = new ToolDefinitionError([
    { where: 'tool "a.b"', code: 'invalid_name', message: 'the name is not valid' },
    'a problem given as text',
  ]);

  it('keeps problems and details as own, non-enumerable, frozen properties', () => {
    for (const key of ['problems', 'details'] as const) {
      const descriptor = Object.getOwnPropertyDescriptor(error, key);
      expect(descriptor).toEqual({ value: error[key], enumerable: false, writable: true, configurable: true });
      expect(Object.isFrozen(error[key])).toBe(true);
    }
    expect(Object.keys(error)).not.toContain('problems');
    expect(Object.keys(error)).not.toContain('details');
  });

  it('lists each problem once in its message, and as data', () => {
    expect(error.message).toBe(
      'hermes-tools found 2 problems in the tool definitions:\n- tool "a.b": the name is not valid\n- a problem given as text',
    );
    expect(error.details).toEqual([
      { where: 'tool "a.b"', code: 'invalid_name', message: 'the name is not valid' },
      { where: '', code: 'unspecified', message: 'a problem given as text' },
    ]);
    expect(error.problems).toHaveLength(2);
  });
});
