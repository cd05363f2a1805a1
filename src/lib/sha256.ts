/**
 * SHA-256 (FIPS 180-4) of a UTF-8 string, as lowercase hex. Synchronous and dependency-free on purpose:
 * the limits hash is compared inside selectors and on the server, and `crypto.subtle` is async-only and
 * missing in some test environments. The rotation and shift amounts inside the rounds are the standard's
 * own and stay literal so the code reads against FIPS 180-4 section 4.1.2.
 */

const BLOCK_BYTES = 64;
const LENGTH_FIELD_BYTES = 8;
const WORD_BITS = 32;
const BITS_PER_BYTE = 8;
const PADDING_MARKER = 0x80;
const SCHEDULE_WORDS = 64;
const BLOCK_WORDS = 16;
const BYTES_PER_WORD = 4;
const HEX_RADIX = 16;
const HEX_WORD_DIGITS = 8;
const TWO_POW_32 = 2 ** WORD_BITS;

/** First 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const ROUND_CONSTANTS = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** First 32 bits of the fractional parts of the square roots of the first 8 primes. */
const INITIAL_HASH = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

function rotateRight(word: number, bits: number): number {
  return (word >>> bits) | (word << (WORD_BITS - bits));
}

/** The message padded to whole blocks: a 1 bit, zeros, then the bit length as a 64-bit big-endian integer. */
function pad(message: Uint8Array): DataView {
  const paddedLength = Math.ceil((message.length + 1 + LENGTH_FIELD_BYTES) / BLOCK_BYTES) * BLOCK_BYTES;
  const bytes = new Uint8Array(paddedLength);
  bytes.set(message);
  bytes[message.length] = PADDING_MARKER;
  const view = new DataView(bytes.buffer);
  const bitLength = message.length * BITS_PER_BYTE;
  view.setUint32(paddedLength - LENGTH_FIELD_BYTES, Math.floor(bitLength / TWO_POW_32));
  view.setUint32(paddedLength - BYTES_PER_WORD, bitLength >>> 0);
  return view;
}

function compressBlock(hash: Uint32Array, view: DataView, blockOffset: number, schedule: Uint32Array): void {
  for (let t = 0; t < BLOCK_WORDS; t += 1) schedule[t] = view.getUint32(blockOffset + t * BYTES_PER_WORD);
  for (let t = BLOCK_WORDS; t < SCHEDULE_WORDS; t += 1) {
    const w15 = schedule[t - 15]!;
    const w2 = schedule[t - 2]!;
    const s0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >>> 3);
    const s1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >>> 10);
    schedule[t] = schedule[t - 16]! + s0 + schedule[t - 7]! + s1;
  }
  let [a, b, c, d, e, f, g, h] = hash as unknown as [number, number, number, number, number, number, number, number];
  for (let t = 0; t < SCHEDULE_WORDS; t += 1) {
    const sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25);
    const choice = (e & f) ^ (~e & g);
    const temp1 = (h + sum1 + choice + ROUND_CONSTANTS[t]! + schedule[t]!) >>> 0;
    const sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22);
    const majority = (a & b) ^ (a & c) ^ (b & c);
    const temp2 = (sum0 + majority) >>> 0;
    h = g;
    g = f;
    f = e;
    e = (d + temp1) >>> 0;
    d = c;
    c = b;
    b = a;
    a = (temp1 + temp2) >>> 0;
  }
  const words = [a, b, c, d, e, f, g, h];
  words.forEach((word, i) => {
    hash[i] = hash[i]! + word;
  });
}

/** SHA-256 of the UTF-8 encoding of `text`, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  const view = pad(new TextEncoder().encode(text));
  const hash = Uint32Array.from(INITIAL_HASH);
  const schedule = new Uint32Array(SCHEDULE_WORDS);
  for (let offset = 0; offset < view.byteLength; offset += BLOCK_BYTES) compressBlock(hash, view, offset, schedule);
  return Array.from(hash, (word) => word.toString(HEX_RADIX).padStart(HEX_WORD_DIGITS, '0')).join('');
}
