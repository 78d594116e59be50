/**
 * Why Greetboard signed this browser out on its own, kept for the tab until the user signs in
 * again (ADR 0044): the server says it once, with the 401 of `/auth/me` that ends the session,
 * and a reload of the sign-in page should not lose it.
 */
export type SignedOutReason = 'twitch-revoked';

const KEY = 'greetboard-signed-out';

export function rememberSignedOut(reason: SignedOutReason): void {
  try {
    sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage refused (private mode): the notice shows on this page load only.
  }
}

export function signedOutReason(): SignedOutReason | null {
  try {
    return sessionStorage.getItem(KEY) === 'twitch-revoked' ? 'twitch-revoked' : null;
  } catch {
    return null;
  }
}

export function forgetSignedOut(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
