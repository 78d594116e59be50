/**
 * NATS subject rules, so the in-process broker accepts and matches exactly what a NATS server
 * would: dot-separated non-empty tokens without whitespace, `*` matching one token and `>`
 * (last token only) matching one or more.
 */

const WHITESPACE = /\s/;

export class InvalidSubjectError extends Error {
  override readonly name = 'InvalidSubjectError';

  constructor(subject: string) {
    super(`Invalid subject: '${subject}'`);
  }
}

/** Checks a subject a message is published on: no wildcards allowed. */
export function assertPublishSubject(subject: string): void {
  assertTokens(subject, false);
}

/** Checks a subscription's subject: wildcards allowed, `>` only as the last token. */
export function assertSubscriptionSubject(subject: string): void {
  assertTokens(subject, true);
}

/** Whether a subscription `pattern` receives messages published on `subject`. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const patternTokens = pattern.split('.');
  const subjectTokens = subject.split('.');
  for (let index = 0; index < patternTokens.length; index++) {
    const token = patternTokens[index];
    if (token === '>') return subjectTokens.length > index;
    if (index >= subjectTokens.length) return false;
    if (token !== '*' && token !== subjectTokens[index]) return false;
  }
  return patternTokens.length === subjectTokens.length;
}

function assertTokens(subject: string, wildcardsAllowed: boolean): void {
  if (subject.length === 0 || WHITESPACE.test(subject)) throw new InvalidSubjectError(subject);
  const tokens = subject.split('.');
  tokens.forEach((token, index) => {
    if (token.length === 0) throw new InvalidSubjectError(subject);
    const isWildcard = token === '*' || token === '>';
    if (isWildcard && !wildcardsAllowed) throw new InvalidSubjectError(subject);
    if (token === '>' && index !== tokens.length - 1) throw new InvalidSubjectError(subject);
  });
}
