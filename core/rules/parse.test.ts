import { parseBoolean, parseMajorVersion } from './parse';

describe('parseBoolean: "Boolean parsing accepts true, 1, yes, on."', () => {
  it.each<[unknown, boolean]>([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['on', true],
    [' TRUE ', true],
    ['Yes', true],
    ['On\n', true],
    [true, true],
    [1, true],
    ['false', false],
    ['0', false],
    ['no', false],
    ['off', false],
    ['', false],
    ['y', false],
    [false, false],
    [0, false],
    [2, false],
    [null, false],
    [undefined, false],
    [{}, false],
  ])('%p -> %s', (value, expected) => {
    expect(parseBoolean(value)).toBe(expected);
  });
});

describe('parseMajorVersion: "older platform versions (major version below 4)"', () => {
  it.each<[string, number | null]>([
    ['5.2.0', 5],
    ['3.41.1', 3],
    ['4', 4],
    ['v4.0', 4],
    [' 12.0.0-beta ', 12],
    ['', null],
    ['latest', null],
    ['4x', null],
  ])('%p -> %p', (version, major) => {
    expect(parseMajorVersion(version)).toBe(major);
  });
});
