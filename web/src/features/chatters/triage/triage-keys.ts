/** What a key press asks of the greeting desk. */
export type TriageAction = 'next' | 'previous' | 'toggle' | 'undo' | 'search' | 'help';

export interface TriageKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The element the key went to. */
  target: EventTarget | null;
}

/** Inputs that take no typed text: the desk's keys still work on them. */
const KEYLESS_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'reset',
  'submit',
]);

/** Elements where keys are typed or already mean something of their own. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !KEYLESS_INPUTS.has(target.type);
  return target.closest('textarea, select, [contenteditable="true"]') !== null;
}

const isRow = (target: EventTarget | null) =>
  target instanceof Element && target.matches('[data-chatter-id]');
const isPageItself = (target: EventTarget | null) =>
  !(target instanceof Element) || target === document.body || target === document.documentElement;

/**
 * Whether a key press may be one of the desk's keys (these, the raid banner's): not while
 * typing in a field, in a dialog, or with Ctrl, Meta or Alt held.
 */
export function isDeskKeyPress(event: TriageKey): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isTypingTarget(event.target)) return false;
  // A dialog (deleting a session, say) has the keys to itself.
  return !(
    event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]')
  );
}

/**
 * The desk's action for a key press, or null to leave it to the browser: j/k and the arrow
 * keys move between rows, Enter or g greet or un-greet the focused row, u undoes the last greet
 * change, / focuses the search and ? opens the help. Nothing fires while typing in a field, in
 * a dialog or with Ctrl, Meta or Alt held; arrows and Enter act only on a row (or, for arrows, on the page
 * itself), so they keep their meaning on buttons and other controls.
 */
export function triageAction(event: TriageKey): TriageAction | null {
  if (!isDeskKeyPress(event)) return null;
  switch (event.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'ArrowDown':
      return isRow(event.target) || isPageItself(event.target) ? 'next' : null;
    case 'ArrowUp':
      return isRow(event.target) || isPageItself(event.target) ? 'previous' : null;
    case 'Enter':
      return isRow(event.target) ? 'toggle' : null;
    case 'g':
      return 'toggle';
    case 'u':
      return 'undo';
    case '/':
      return 'search';
    case '?':
      return 'help';
    default:
      return null;
  }
}
