import { acceptsGzip } from './preparedReplies';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['*;q=0.5, br', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['*;q=0', false],
    ['deflate, br', false],
    ['identity', false],
    ['', false],
    [undefined, false],
  ])('%p: %p', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
});
