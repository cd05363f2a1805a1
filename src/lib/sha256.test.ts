import { sha256Hex } from './sha256';

describe('sha256Hex: "Limit hash: SHA-256 of the serialised limits" (SPEC 9), against known vectors', () => {
  it.each([
    ['the empty string (FIPS 180-4)', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['"abc" (FIPS 180-4 one block)', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'the 448-bit message (FIPS 180-4 two blocks)',
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    ['55 bytes: the length still fits the first block', 'a'.repeat(55), '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318'],
    ['56 bytes: the length spills into a second block', 'a'.repeat(56), 'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a'],
    ['64 bytes: exactly one block of message', 'a'.repeat(64), 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb'],
    ['non-ASCII text is hashed as UTF-8', 'héllo wörld ✓ 😀', '23e0a0c5e66366c058e29407717008da83f9004340e71ff074bb24bd4b80eb2a'],
    ['one million "a" (FIPS 180-4 long message)', 'a'.repeat(1_000_000), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
  ])('%s', (_label, message, digest) => {
    expect(sha256Hex(message)).toBe(digest);
  });
});
