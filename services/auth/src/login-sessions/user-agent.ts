/** A User-Agent as a person names it: the browser and the system, when recognised. */
export interface UserAgentSummary {
  browser: string | null;
  os: string | null;
}

/** Checked in order: Edge and Opera also name Chrome, Chrome also names Safari. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bOBS\/|\bobs-browser\b/i, 'OBS'],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** Android and iOS before Linux and macOS, whose names their User-Agents also carry. */
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function summariseUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const text = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? null,
    os: SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? null,
  };
}
