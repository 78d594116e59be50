/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, describe, expect, it } from '@jest/globals';
import { triageAction } from './triage-keys';

function element(html: string): Element {
  document.body.innerHTML = html;
  const found = document.body.querySelector('[data-target]');
  if (!found) throw new Error('no [data-target] in the markup');
  return found;
}

describe('triage keys', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('maps the letter keys anywhere outside a field', () => {
    const button = element('<button data-target>Order</button>');
    const cases: [string, string][] = [
      ['j', 'next'],
      ['k', 'previous'],
      ['g', 'toggle'],
      ['u', 'undo'],
      ['/', 'search'],
      ['?', 'help'],
    ];
    for (const [key, action] of cases) {
      expect(triageAction({ key, target: button })).toBe(action);
      expect(triageAction({ key, target: document.body })).toBe(action);
    }
    expect(triageAction({ key: 'x', target: document.body })).toBeNull();
  });

  it('fires nothing while typing in an input, a textarea, a select or editable text', () => {
    for (const html of [
      '<input data-target type="search">',
      '<textarea data-target></textarea>',
      '<select data-target><option>a</option></select>',
      '<div contenteditable="true"><span data-target>text</span></div>',
    ]) {
      const target = element(html);
      for (const key of ['j', 'k', 'g', 'u', '/', '?', 'Enter', 'ArrowDown'])
        expect(triageAction({ key, target })).toBeNull();
    }
  });

  it('still fires on inputs that take no text, such as the order radios', () => {
    const radio = element('<input data-target type="radio" name="order">');
    expect(triageAction({ key: '/', target: radio })).toBe('search');
    expect(triageAction({ key: 'j', target: radio })).toBe('next');
    // The arrows keep choosing among the radios.
    expect(triageAction({ key: 'ArrowDown', target: radio })).toBeNull();
  });

  it('fires nothing inside a dialog', () => {
    const button = element('<div role="dialog"><button data-target>Delete</button></div>');
    for (const key of ['j', 'g', 'u', '/', '?'])
      expect(triageAction({ key, target: button })).toBeNull();
  });

  it('leaves keys with Ctrl, Meta or Alt to the browser', () => {
    expect(triageAction({ key: 'u', ctrlKey: true, target: document.body })).toBeNull();
    expect(triageAction({ key: 'j', metaKey: true, target: document.body })).toBeNull();
    expect(triageAction({ key: 'g', altKey: true, target: document.body })).toBeNull();
  });

  it('takes Enter only on a row, and the arrows on a row or the page itself', () => {
    const row = element('<ul><li data-target data-chatter-id="a" tabindex="0"></li></ul>');
    expect(triageAction({ key: 'Enter', target: row })).toBe('toggle');
    expect(triageAction({ key: 'ArrowDown', target: row })).toBe('next');
    expect(triageAction({ key: 'ArrowUp', target: row })).toBe('previous');
    expect(triageAction({ key: 'ArrowDown', target: document.body })).toBe('next');

    const greet = element('<li data-chatter-id="a"><button data-target>Greet</button></li>');
    expect(triageAction({ key: 'Enter', target: greet })).toBeNull();
    expect(triageAction({ key: 'ArrowDown', target: greet })).toBeNull();
    expect(triageAction({ key: 'Enter', target: document.body })).toBeNull();
  });
});
