/** Welcome messages in chat (ADR 0054): shapes and rules shared by the service and the web app. */

/** Twitch's limit for one chat message, in characters. */
export const MAX_WELCOME_MESSAGE_LENGTH = 500;

/** Which template greets a chatter. */
export const WELCOME_KINDS = ['firstTime', 'returning', 'raider'] as const;
export type WelcomeKind = (typeof WELCOME_KINDS)[number];

/** The placeholders each kind's template may use. */
export const WELCOME_PLACEHOLDERS: Readonly<Record<WelcomeKind, readonly string[]>> = {
  firstTime: ['name'],
  returning: ['name'],
  raider: ['name', 'raider', 'viewers'],
};

export interface WelcomeTemplates {
  firstTime: string;
  returning: string;
  raider: string;
}

export interface WelcomeSettingsDto extends WelcomeTemplates {
  sessionId: string;
  /** Greeting a chatter sends the kind's template (an empty template sends nothing). */
  enabled: boolean;
  /** A raid on the session's channel gets a Helix shoutout for the raiding channel. */
  shoutoutRaiders: boolean;
  /**
   * What the owner's stored Twitch token allows: null when auth could not be asked. A token
   * without a scope needs the owner to sign in again.
   */
  twitch: { chat: boolean; shoutouts: boolean } | null;
  /** Seconds between a greet and its message, in which un-greeting cancels it. */
  undoWindowSeconds: number;
}

/**
 * A welcome message: `pending` inside the undo window or waiting its turn, `held` when Twitch's
 * rate limit keeps it back past its time, `sent`, `dropped` (Twitch took the request and did
 * not post it: `reason` is Twitch's `drop_reason`), or `failed` (not sent: `reason.code` is a
 * domain error code such as TWITCH_SCOPE_MISSING).
 */
export const WELCOME_MESSAGE_STATUSES = ['pending', 'held', 'sent', 'dropped', 'failed'] as const;
export type WelcomeMessageStatus = (typeof WELCOME_MESSAGE_STATUSES)[number];

export interface WelcomeMessageDto {
  id: string;
  chatterId: string;
  displayName: string;
  kind: WelcomeKind;
  text: string;
  status: WelcomeMessageStatus;
  dueAt: string;
  sentAt: string | null;
  reason: { code: string; message: string } | null;
}

export interface ShoutoutResult {
  success: true;
}

/**
 * The automatic shoutout of a raiding channel: `sent`, or `refused` with why (`reason.code` a
 * domain error code such as SHOUTOUT_RATE_LIMITED, SHOUTOUT_REFUSED or TWITCH_SCOPE_MISSING;
 * `reason.message` the text Twitch or Greetboard gave).
 */
export interface RaidShoutoutDto {
  raidId: string;
  raiderLogin: string;
  raiderDisplayName: string;
  viewerCount: number;
  raidedAt: string;
  status: 'sent' | 'refused';
  reason: { code: string; message: string } | null;
  /** When Twitch answered. */
  answeredAt: string;
}

/** A template's problem: too long, or a placeholder its kind does not know. */
export type WelcomeTemplateProblem =
  | { code: 'WELCOME_MESSAGE_TOO_LONG'; kind: WelcomeKind }
  | { code: 'WELCOME_PLACEHOLDER_UNKNOWN'; kind: WelcomeKind; placeholder: string };

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The first problem of a template, or null when it is fine. Lengths count code points. */
export function welcomeTemplateProblem(
  kind: WelcomeKind,
  template: string,
): WelcomeTemplateProblem | null {
  if ([...template].length > MAX_WELCOME_MESSAGE_LENGTH)
    return { code: 'WELCOME_MESSAGE_TOO_LONG', kind };
  for (const [, name = ''] of template.matchAll(PLACEHOLDER)) {
    if (!WELCOME_PLACEHOLDERS[kind].includes(name))
      return { code: 'WELCOME_PLACEHOLDER_UNKNOWN', kind, placeholder: `{${name}}` };
  }
  return null;
}

/** The template with its placeholders filled, cut to Twitch's limit. */
export function renderWelcome(template: string, values: Record<string, string>): string {
  const text = template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
  return [...text].slice(0, MAX_WELCOME_MESSAGE_LENGTH).join('').trim();
}
