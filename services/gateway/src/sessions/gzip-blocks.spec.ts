import { describe, expect, it } from '@jest/globals';
import { gunzipSync } from 'node:zlib';
import { assembleGzip, gzipBlock } from './gzip-blocks.js';

describe('assembleGzip', () => {
  it('decodes to the concatenated texts, Unicode included', () => {
    const texts = ['[', '{"name":"Zoë 🎉"}', ',', '{"name":"' + 'x'.repeat(100_000) + '"}', ']'];
    const body = assembleGzip(texts.map(gzipBlock));
    expect(gunzipSync(body).toString('utf8')).toBe(texts.join(''));
  });

  it('stays valid when one block is replaced', () => {
    const blocks = ['[1,2', ',3,4', ']'].map(gzipBlock);
    blocks[1] = gzipBlock(',30,40');
    expect(JSON.parse(gunzipSync(assembleGzip(blocks)).toString())).toEqual([1, 2, 30, 40]);
  });

  it('encodes an empty document', () => {
    expect(gunzipSync(assembleGzip([])).toString()).toBe('');
  });
});
