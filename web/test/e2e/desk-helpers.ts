import { errors, type Locator, type Page } from 'playwright-core';

/**
 * The greeting desk's rows as e2e tests read them (the greeting desk's and the raids' specs):
 * the login of the row that has the keyboard focus, and a row by login.
 */
export const focusedChatterLogin = (page: Page): Promise<string | null> =>
  page.evaluate(
    () =>
      document.activeElement
        ?.closest('.chatter-row')
        ?.querySelector('.chatter-name')
        ?.textContent?.toLowerCase() ?? null,
  );

export const chatterRow = (page: Page, login: string): Locator =>
  page.locator('.chatter-row').filter({
    has: page.locator('.chatter-name', { hasText: new RegExp(`^${login}$`, 'i') }),
  });

/**
 * Watches for `timeoutMs` that `element` never leaves the page, settling as soon as it does.
 * For what stays unchanged, where there is no message to wait for.
 */
export const stays = (element: Locator, timeoutMs: number) =>
  element.waitFor({ state: 'detached', timeout: timeoutMs }).then(
    () => 'left' as const,
    (error: unknown) => {
      if (error instanceof errors.TimeoutError) return 'stayed' as const;
      throw error;
    },
  );
