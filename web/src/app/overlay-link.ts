import { SESSION_ID_PATTERN } from '@greetboard/contracts/wire';

/**
 * An overlay link's token (ADR 0029), read once from the page's fragment (`/obs#token=…`):
 * the fragment never reaches a server's logs or a Referer. The app then sends it as a bearer
 * token on every API call and on the live socket, instead of the sign-in cookie that an OBS
 * browser source does not have.
 */
function tokenOfPage(): string | null {
  if (typeof location === 'undefined' || !location.pathname.startsWith('/obs')) return null;
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  return token !== null && SESSION_ID_PATTERN.test(token) ? token : null;
}

export const overlayLinkToken: string | null = tokenOfPage();
