import { constants, crc32, deflateRawSync } from 'node:zlib';

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** One stretch of a document, compressed on its own so that it can be replaced alone. */
export interface GzipBlock {
  text: Buffer;
  /** Raw deflate ending on a full flush: byte-aligned, no final bit, no shared dictionary. */
  deflated: Buffer;
}

export function gzipBlock(text: string): GzipBlock {
  const buffer = Buffer.from(text, 'utf8');
  return {
    text: buffer,
    deflated: deflateRawSync(buffer, { level: 1, finishFlush: constants.Z_FULL_FLUSH }),
  };
}

// An empty final block (BFINAL=1, fixed Huffman, end-of-block): closes the deflate stream.
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * One gzip member from independently compressed blocks: full flushes let raw deflate
 * streams be concatenated, and gzip's CRC-32 and length cover the concatenated text
 * (RFC 1951 section 3.2.3, RFC 1952). Changing one block costs one block's compression
 * and a CRC pass, not the whole document's compression.
 */
export function assembleGzip(blocks: readonly GzipBlock[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const block of blocks) {
    crc = crc32(block.text, crc);
    length += block.text.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([
    GZIP_HEADER,
    ...blocks.map((block) => block.deflated),
    FINAL_EMPTY_BLOCK,
    trailer,
  ]);
}
