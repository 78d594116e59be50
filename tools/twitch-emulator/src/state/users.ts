import { createHash } from 'node:crypto';
import { hashString } from './random.js';

/** Twitch's default chat name colours, used when a user has not picked one. */
export const DEFAULT_CHAT_COLORS = [
  '#FF0000',
  '#0000FF',
  '#008000',
  '#B22222',
  '#FF7F50',
  '#9ACD32',
  '#FF4500',
  '#2E8B57',
  '#DAA520',
  '#D2691E',
  '#5F9EA0',
  '#1E90FF',
  '#FF69B4',
  '#8A2BE2',
  '#00FF7F',
] as const;

export interface EmulatorUser {
  readonly id: string;
  readonly login: string;
  readonly displayName: string;
  readonly type: '' | 'admin' | 'global_mod' | 'staff';
  readonly broadcasterType: '' | 'affiliate' | 'partner';
  readonly description: string;
  readonly profileImageUrl: string;
  readonly offlineImageUrl: string;
  readonly viewCount: number;
  readonly createdAt: string;
  readonly email: string;
  /** Chat name colour; empty when the user never chose one (Twitch sends `color=`). */
  readonly color: string;
}

export interface NewUser {
  login: string;
  displayName?: string;
  id?: string;
  profileImageUrl?: string;
}

/** Twitch logins: lowercase letters, digits and underscores, at most 25 characters. */
const LOGIN_PATTERN = /^[a-z0-9_]{1,25}$/;
const ID_PATTERN = /^[0-9]{1,20}$/;

export class UserConflictError extends Error {}
export class InvalidUserError extends Error {}

/** Derived ids span 100000000-9999999999: nine or ten digits, as Twitch's user ids have today. */
const DERIVED_ID_MIN = 100_000_000;
const DERIVED_ID_SPAN = 9_900_000_000;

/**
 * The Twitch user id of a login, the same in every emulator process: SHA-256 of the login (with
 * the attempt number after the first) mapped into the id range. A restarted emulator thus gives
 * each chatter their old id back, and never another chatter's, without keeping any state.
 */
export function derivedUserId(login: string, attempt = 0): string {
  const digest = createHash('sha256')
    .update(attempt === 0 ? login : `${login}#${attempt}`)
    .digest();
  return String(DERIVED_ID_MIN + (digest.readUIntBE(0, 6) % DERIVED_ID_SPAN));
}

export function isValidLogin(login: string): boolean {
  return LOGIN_PATTERN.test(login);
}

/** Every account the emulator knows. A channel exists exactly when a user with its login exists. */
export class UserStore {
  private readonly byIdMap = new Map<string, EmulatorUser>();
  private readonly byLoginMap = new Map<string, EmulatorUser>();
  private readonly createdListeners: ((user: EmulatorUser) => void)[] = [];

  constructor(
    /** Where avatars are served; read lazily because the HTTP port is only known after listen. */
    private readonly avatarBaseUrl: () => string,
  ) {}

  create(input: NewUser): EmulatorUser {
    const login = input.login;
    if (!isValidLogin(login)) {
      throw new InvalidUserError(
        `login "${login}" is not a Twitch login: use 1-25 lowercase letters, digits or underscores`,
      );
    }
    if (this.byLoginMap.has(login)) throw new UserConflictError(`user "${login}" already exists`);
    if (input.id !== undefined && !ID_PATTERN.test(input.id)) {
      throw new InvalidUserError(`id "${input.id}" must be a string of digits`);
    }
    if (input.id !== undefined && this.byIdMap.has(input.id)) {
      throw new UserConflictError(`user id ${input.id} already exists`);
    }
    if (input.displayName !== undefined && input.displayName.toLowerCase() !== login) {
      // Twitch only allows a display name that differs from the login in letter case, or a
      // localized (non-Latin) name; accept the latter so unicode traffic stays realistic.
      if (/^[\x20-\x7e]*$/.test(input.displayName)) {
        throw new InvalidUserError(
          `displayName "${input.displayName}" must match login "${login}" apart from letter case`,
        );
      }
    }
    const id = input.id ?? this.allocateId(login);
    const traits = hashString(login);
    const user: EmulatorUser = {
      id,
      login,
      displayName: input.displayName ?? login,
      type: '',
      broadcasterType: '',
      description: '',
      profileImageUrl:
        input.profileImageUrl ?? `${this.avatarBaseUrl()}/emulator/avatars/${login}.svg`,
      offlineImageUrl: '',
      viewCount: 0,
      createdAt: new Date(Date.UTC(2015, 0, 1) + (traits % 3000) * 86_400_000)
        .toISOString()
        .replace('.000Z', 'Z'),
      email: `${login}@users.emulator.invalid`,
      // One user in ten never picked a colour, as on Twitch.
      color:
        traits % 10 === 0 ? '' : (DEFAULT_CHAT_COLORS[traits % DEFAULT_CHAT_COLORS.length] ?? ''),
    };
    this.byIdMap.set(id, user);
    this.byLoginMap.set(login, user);
    for (const listener of this.createdListeners) listener(user);
    return user;
  }

  /** The user with this login, created on the fly if missing (chatters in injected traffic). */
  ensure(login: string, displayName?: string): EmulatorUser {
    return this.byLoginMap.get(login) ?? this.create({ login, displayName });
  }

  byLogin(login: string): EmulatorUser | undefined {
    return this.byLoginMap.get(login);
  }

  byId(id: string): EmulatorUser | undefined {
    return this.byIdMap.get(id);
  }

  list(): EmulatorUser[] {
    return [...this.byIdMap.values()];
  }

  onCreated(listener: (user: EmulatorUser) => void): void {
    this.createdListeners.push(listener);
  }

  /**
   * The login's derived id; should it be taken in this emulator (another login hashing to it,
   * or an id given explicitly), the next derivation in a fixed sequence for this login.
   */
  private allocateId(login: string): string {
    let attempt = 0;
    let id = derivedUserId(login, attempt);
    while (this.byIdMap.has(id)) id = derivedUserId(login, ++attempt);
    return id;
  }
}
