/**
 * Whether a rejection's toast is on screen and the page leaves for / on its own (ADR 0052).
 * A module of its own: the overlay reads it without loading the toasts (ADR 0051).
 */
let leaving = false;

export const isLeavingAfterRejection = () => leaving;

export function markLeavingAfterRejection() {
  leaving = true;
}
