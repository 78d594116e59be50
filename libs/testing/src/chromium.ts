import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; tests never download a browser of their own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium for browser tests. Without the background-networking flags Chromium keeps
 * trying to reach Google's services, which this machine's closed network refuses.
 */
export interface ChromiumOptions {
  /**
   * Chromium's `--host-resolver-rules`, e.g. `MAP greetboard.test 127.0.0.1`: a host name that
   * resolves without DNS, so a test can open the app at a name that is not localhost.
   */
  hostResolverRules?: string;
}

export function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.hostResolverRules ? [`--host-resolver-rules=${options.hostResolverRules}`] : []),
    ],
  });
}
