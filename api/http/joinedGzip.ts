// A gzip answer joined from parts compressed once and short texts inserted per answer (held pages,
// decision 0518): a held page is compressed when it is held, and each answer only puts its own CSP
// nonce between the compressed parts. Each part is raw deflate ending on a byte boundary (a sync
// flush) that refers to nothing before it, so parts and stored (uncompressed) blocks follow each
// other in one deflate stream (RFC 1951), which an empty final block ends; the gzip trailer's CRC-32
// is combined from the parts' own CRCs (zlib's crc32_combine), so no answer reads the whole page.
import zlib from "node:zlib";

/** One part of an answer, compressed once. */
export interface DeflatedPart {
  /** Raw deflate, no final block, ending byte-aligned. */
  deflated: Buffer;
  crc: number;
  /** The part's length in bytes. */
  length: number;
  /** x^(8·length) modulo the CRC-32 polynomial: moves a CRC past this part. */
  shift: number;
}

const POLY = 0xedb88320;

/** a·b modulo the CRC-32 polynomial (reflected), as zlib's multmodp. */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N: number[] = [];
{
  let p = 0x40000000; // x^1
  for (let k = 0; k < 32; k++) {
    X2N.push(p);
    p = multmodp(p, p);
  }
}

/** x^(8·bytes) modulo the polynomial, as zlib's x2nmodp(bytes, 3). */
function shiftOf(bytes: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multmodp(X2N[k & 31], p);
  return p;
}

/** The CRC-32 of A then B, from A's CRC, B's CRC and B's shift (zlib's crc32_combine). */
function combine(crcA: number, crcB: number, shiftB: number): number {
  return (multmodp(shiftB, crcA) ^ crcB) >>> 0;
}

/**
 * Compresses a part once (zlib's default level, as the compression middleware's). `before`: the
 * text that will precede it in every answer, with each per-answer text replaced by as many zero
 * bytes — the part may then refer back into what precedes it (as one gzip of the whole would),
 * never into a per-answer text: a reference is a match of the part's own bytes, and a part with no
 * zero byte matches none of those. A part holding a zero byte is compressed on its own.
 */
export function deflatePart(part: Buffer, before?: Buffer): DeflatedPart {
  const dictionary = before?.length && !part.includes(0) ? before.subarray(-32_768) : undefined;
  return {
    deflated: zlib.deflateRawSync(part, {
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(dictionary ? { dictionary } : {}),
    }),
    crc: zlib.crc32(part),
    length: part.length,
    shift: shiftOf(part.length),
  };
}

// Gzip header: deflate, no name or time, Unix.
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
// An empty final block (fixed Huffman codes: BFINAL 1, BTYPE 01, end of block).
const FINAL = Buffer.from([0x03, 0x00]);

/** A short text as a stored deflate block (starting on a byte boundary: after a part). */
function stored(text: Buffer): Buffer {
  const n = text.length;
  if (n > 0xffff) throw new Error("stored block too long");
  const block = Buffer.allocUnsafe(5 + n);
  block[0] = 0; // BFINAL 0, BTYPE 00, padding to the byte
  block.writeUInt16LE(n, 1);
  block.writeUInt16LE(~n & 0xffff, 3);
  text.copy(block, 5);
  return block;
}

/** Each part compressed once, able to refer back into the parts before it (see deflatePart). */
export function deflateParts(parts: readonly Buffer[], betweenLength: number): DeflatedPart[] {
  const mask = Buffer.alloc(betweenLength);
  let before = Buffer.alloc(0);
  return parts.map((p, i) => {
    if (i > 0) before = Buffer.concat([before, mask]).subarray(-32_768);
    const d = deflatePart(p, before);
    before = Buffer.concat([before, p]).subarray(-32_768);
    return d;
  });
}

/** The gzip stream of parts[0] + between + parts[1] + between + … (between: a short text). */
export function joinedGzip(parts: readonly DeflatedPart[], between: Buffer): Buffer {
  const chunks: Buffer[] = [HEADER];
  const mid = parts.length > 1 ? stored(between) : undefined;
  const midCrc = mid ? zlib.crc32(between) : 0;
  const midShift = mid ? shiftOf(between.length) : 0;
  let crc = 0;
  let size = 0;
  parts.forEach((p, i) => {
    if (i > 0) {
      chunks.push(mid!);
      crc = combine(crc, midCrc, midShift);
      size += between.length;
    }
    chunks.push(p.deflated);
    crc = combine(crc, p.crc, p.shift);
    size += p.length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(FINAL, trailer);
  return Buffer.concat(chunks);
}
