/**
 * Opaque login-session ids: 32 random bytes, base64url (43 characters). An overlay link's token
 * is a login session id of its own kind (ADR 0029), and its id, the token's SHA-256, has the
 * same shape. Decorator-free, so the browser checks a link's token with the same pattern.
 */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
