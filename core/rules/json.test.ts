import { stableJson } from './json';

describe('stableJson: the same data serialises the same', () => {
  it.each<[string, unknown, string]>([
    ['keys sorted at every depth', { b: 1, a: { d: [3, 1], c: null } }, '{"a":{"c":null,"d":[3,1]},"b":1}'],
    ['arrays keep their order', [{ z: 1, y: 2 }, 'x'], '[{"y":2,"z":1},"x"]'],
    ['undefined properties are left out, as JSON does', { a: undefined, b: 'kept' }, '{"b":"kept"}'],
    ['undefined in an array reads null, as JSON does', [undefined], '[null]'],
    ['undefined itself reads null', undefined, 'null'],
    ['keys and strings are JSON-escaped', { 'quote"key': 'line\nbreak' }, '{"quote\\"key":"line\\nbreak"}'],
    ['numbers JSON cannot carry read null', { n: Number.NaN }, '{"n":null}'],
  ])('%s', (_label, value, json) => {
    expect(stableJson(value)).toBe(json);
  });

  it('does not depend on key order', () => {
    expect(stableJson({ a: 1, b: { c: 2, d: 3 } })).toBe(stableJson({ b: { d: 3, c: 2 }, a: 1 }));
  });
});
