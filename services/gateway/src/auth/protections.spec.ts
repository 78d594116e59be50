import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { securityHeaders } from './protections.js';

/** The headers the middleware sets on an answer of an app served at `publicUrl`. */
function headersFor(publicUrl: string, imageOrigins: string[] = []): Map<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  const passedOn: unknown[] = [];
  securityHeaders(publicUrl, imageOrigins)({} as IncomingMessage, response, (error?: unknown) =>
    passedOn.push(error),
  );
  expect(passedOn).toEqual([undefined]);
  return headers;
}

describe('the security headers', () => {
  it('ask the browser to stay on https when the public address is https', () => {
    const headers = headersFor('https://greetboard.example.com');
    expect(headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('origin-agent-cluster')).toBe('?1');
  });

  it.each([
    'http://localhost:3000',
    'http://192.168.1.20:3000',
    'http://greetboard.test:3000',
    'http://[fd00::20]:3000',
  ])('neither upgrade nor pin https for %s, where nothing answers on https', (publicUrl) => {
    const headers = headersFor(publicUrl);
    const policy = headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(headers.has('strict-transport-security')).toBe(false);
    // Honoured only in a secure context; Chromium logs an error for them over http.
    expect(headers.has('cross-origin-opener-policy')).toBe(false);
    expect(headers.has('origin-agent-cluster')).toBe(false);
  });

  it('keep the rest of the policy whatever the scheme, with the extra image origins', () => {
    for (const publicUrl of ['http://192.168.1.20:3000', 'https://greetboard.example.com']) {
      const headers = headersFor(publicUrl, ['http://127.0.0.1:3100']);
      expect(headers.get('content-security-policy')).toContain(
        "img-src 'self' data: https: http://127.0.0.1:3100",
      );
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('same-origin');
    }
  });
});
