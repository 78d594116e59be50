import { describe, expect, it } from '@jest/globals';
import { assertPublishSubject, assertSubscriptionSubject, subjectMatches } from './subjects.js';

describe('subjectMatches', () => {
  it.each([
    ['a.b.c', 'a.b.c', true],
    ['a.b.c', 'a.b', false],
    ['a.*.c', 'a.x.c', true],
    ['a.*', 'a.x.y', false],
    ['a.>', 'a.x', true],
    ['a.>', 'a.x.y.z', true],
    ['a.>', 'a', false],
    ['*.b', 'a.b', true],
    ['>', 'anything.at.all', true],
  ])('pattern %s against %s is %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe('subject rules', () => {
  it.each(['', 'a..b', 'a b', '.a', 'a.'])('rejects the malformed subject %j', (subject) => {
    expect(() => assertPublishSubject(subject)).toThrow('Invalid subject');
    expect(() => assertSubscriptionSubject(subject)).toThrow('Invalid subject');
  });

  it('allows wildcards only when subscribing, `>` only last', () => {
    expect(() => assertPublishSubject('a.*')).toThrow('Invalid subject');
    expect(() => assertSubscriptionSubject('a.*.>')).not.toThrow();
    expect(() => assertSubscriptionSubject('a.>.b')).toThrow('Invalid subject');
  });
});
