import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { TokenCipher } from './token-cipher.js';

const USER = '6f1c2a8e-1b7d-4c55-9a53-0d6f1e2b3c4d';

describe('TokenCipher', () => {
  const cipher = new TokenCipher(randomBytes(32));

  it('round-trips a token and never stores it readable', () => {
    const sealed = cipher.encrypt('secret-access-token', USER);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('secret-access-token');
    expect(cipher.decrypt(sealed, USER)).toBe('secret-access-token');
  });

  it('uses a fresh nonce each time', () => {
    expect(cipher.encrypt('same', USER)).not.toBe(cipher.encrypt('same', USER));
  });

  it('refuses a ciphertext that was altered, moved to another user or sealed with another key', () => {
    const sealed = cipher.encrypt('token', USER);
    const [version, iv, tag, data = ''] = sealed.split(':');
    const flipped = Buffer.from(data, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      cipher.decrypt([version, iv, tag, flipped.toString('base64')].join(':'), USER),
    ).toThrow();
    expect(() => cipher.decrypt(sealed, '00000000-0000-4000-8000-000000000000')).toThrow();
    expect(() => new TokenCipher(randomBytes(32)).decrypt(sealed, USER)).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new TokenCipher(randomBytes(16))).toThrow('32 bytes');
  });
});
