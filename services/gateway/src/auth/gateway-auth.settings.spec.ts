import { describe, expect, it } from '@jest/globals';
import {
  cookieOptions,
  sessionCookieName,
  type GatewayAuthSettings,
} from './gateway-auth.settings.js';

const settings = (publicUrl: string): GatewayAuthSettings => ({
  publicUrl,
  signInRequestsPerMinute: 30,
  apiRequestsPerMinute: 300,
  demoMode: false,
  version: '1.0.0',
  commit: '',
});

describe('the session cookie', () => {
  it('is a Secure __Host- cookie when the app is served over HTTPS', () => {
    const https = settings('https://greetboard.example.com');
    expect(sessionCookieName(https)).toBe('__Host-greetboard_session');
    expect(cookieOptions(https)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/',
    });
  });

  it('drops the prefix and Secure over plain HTTP, where browsers would refuse them', () => {
    const http = settings('http://localhost:3000');
    expect(sessionCookieName(http)).toBe('greetboard_session');
    expect(cookieOptions(http, 1000)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      path: '/',
      maxAge: 1000,
    });
  });

  it('is not Secure at a plain-http address on the home network, where browsers would drop it', () => {
    for (const publicUrl of ['http://192.168.1.20:3000', 'http://greetboard.test:3000']) {
      const lan = settings(publicUrl);
      expect(sessionCookieName(lan)).toBe('greetboard_session');
      expect(cookieOptions(lan).secure).toBe(false);
    }
  });
});
