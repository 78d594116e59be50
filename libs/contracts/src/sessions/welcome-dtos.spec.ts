import { describe, expect, it } from '@jest/globals';
import { renderWelcome, welcomeTemplateProblem } from './welcome-dtos.js';

describe('welcome templates', () => {
  it('accepts the placeholders of their kind and up to 500 characters', () => {
    expect(welcomeTemplateProblem('firstTime', 'Hi {name}!')).toBeNull();
    expect(welcomeTemplateProblem('raider', '{raider} brought {viewers}, hi {name}')).toBeNull();
    expect(welcomeTemplateProblem('returning', '😀'.repeat(500))).toBeNull();
    expect(welcomeTemplateProblem('returning', 'no placeholder at all, { spaced }')).toBeNull();
  });

  it('names the first problem: too long, or a placeholder the kind does not know', () => {
    expect(welcomeTemplateProblem('returning', 'x'.repeat(501))).toEqual({
      code: 'WELCOME_MESSAGE_TOO_LONG',
      kind: 'returning',
    });
    expect(welcomeTemplateProblem('firstTime', 'Thanks {raider}')).toEqual({
      code: 'WELCOME_PLACEHOLDER_UNKNOWN',
      kind: 'firstTime',
      placeholder: '{raider}',
    });
    expect(welcomeTemplateProblem('raider', 'Hi {}')).toMatchObject({ placeholder: '{}' });
  });

  it('fills the placeholders and cuts the text to 500 characters', () => {
    expect(
      renderWelcome('Thanks {raider} for {viewers}, hi {name}!', {
        name: 'Alice',
        raider: 'Bob',
        viewers: '12',
      }),
    ).toBe('Thanks Bob for 12, hi Alice!');
    expect([...renderWelcome('{name}'.repeat(100), { name: 'abcdef' })]).toHaveLength(500);
  });
});
