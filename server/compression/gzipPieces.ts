/**
 * A gzip answer put together from pieces compressed apart: a leading piece many answers share (get-billing-data's
 * catalogue, 92 % of its bytes, the same for every site on one offer), compressed once, and each answer's own closing
 * piece, compressed per answer. One gzip member (RFC 1952) whatever the client: the leading piece is raw deflate
 * ended by a full flush (byte-aligned, no block marked last, nothing referring back into it), so the closing piece's
 * own deflate stream follows it as the rest of the same stream; the trailer's CRC-32 runs on from the leading piece's.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Measured on the demo's active site (a busy machine): its catalogue part, 31 KB of JSON, compresses to 1.7 KB at the
 * best level in 130 to 190 us, made once per catalogue and offer. Its own part, 4.6 KB, compresses to the same 1,569
 * bytes at zlib's default level as at the best one, in 30 to 40 us at any level: the default level, made per answer.
 */
const SHARED_LEVEL = constants.Z_BEST_COMPRESSION;
const OWN_LEVEL = constants.Z_DEFAULT_COMPRESSION;
/** ID1 ID2 CM=deflate FLG=0 MTIME=0 XFL=0 OS=unix: what Node's gzip writes. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
const TRAILER_BYTES = 8;

/** A text that begins many answers, with its compressed form. Shared by every answer that begins with it: never modified. */
export interface LeadingPiece {
  readonly text: string;
  readonly deflated: Buffer;
  /** CRC-32 and byte length of the text */
  readonly crc: number;
  readonly length: number;
}

/** One answer's closing piece, compressed, with what its gzip trailer needs of the whole answer. */
export interface ClosingPiece {
  readonly deflated: Buffer;
  /** CRC-32 and byte length of the whole answer: the leading piece's text and this one's */
  readonly crc: number;
  readonly length: number;
}

export function leadingPiece(text: string): LeadingPiece {
  const bytes = Buffer.from(text);
  return Object.freeze({
    text,
    deflated: deflateRawSync(bytes, { level: SHARED_LEVEL, finishFlush: constants.Z_FULL_FLUSH }),
    crc: crc32(bytes),
    length: bytes.length,
  });
}

export function closingPiece(lead: LeadingPiece, text: string): ClosingPiece {
  const bytes = Buffer.from(text);
  return {
    deflated: deflateRawSync(bytes, { level: OWN_LEVEL }),
    crc: crc32(bytes, lead.crc),
    length: lead.length + bytes.length,
  };
}

/** The answer's gzip: one member, the leading piece's stream continued by the closing piece's. */
export function gzipOf(lead: LeadingPiece, closing: ClosingPiece): Buffer {
  const trailer = Buffer.allocUnsafe(TRAILER_BYTES);
  trailer.writeUInt32LE(closing.crc >>> 0, 0);
  // ISIZE is the length modulo 2^32 (RFC 1952 2.3.1).
  trailer.writeUInt32LE(closing.length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, lead.deflated, closing.deflated, trailer]);
}
