import { Injectable } from '@nestjs/common';
import {
  DEFAULT_USER_SETTINGS,
  DomainError,
  MAX_KEYWORDS,
  MAX_KEYWORD_LENGTH,
  type SettingsChanges,
  type UserSettingsDto,
} from '@greetboard/contracts';
import { UsersRepository } from '../users/users.repository.js';
import { SettingsRepository } from './settings.repository.js';

/** The spec's user settings: stored per user, defaults until the first change. */
@Injectable()
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly users: UsersRepository,
  ) {}

  async get(userId: string): Promise<UserSettingsDto> {
    return (await this.settings.find(userId)) ?? { ...DEFAULT_USER_SETTINGS };
  }

  /** Merges the changes into what is stored and answers the full settings. */
  async update(userId: string, changes: SettingsChanges): Promise<UserSettingsDto> {
    if (changes.defaultKeywords !== undefined) {
      changes.defaultKeywords = normaliseKeywords(changes.defaultKeywords);
    }
    if (!(await this.users.exists(userId))) throw new DomainError('USER_NOT_FOUND');
    const merged: UserSettingsDto = { ...(await this.get(userId)), ...definedOnly(changes) };
    await this.settings.save(userId, merged);
    return merged;
  }
}

/** Default keywords: a JSON list of distinct, non-empty, trimmed strings. */
function normaliseKeywords(encoded: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(encoded);
  } catch {
    parsed = undefined;
  }
  const problem = `defaultKeywords must be a JSON list of at most ${MAX_KEYWORDS} keywords of at most ${MAX_KEYWORD_LENGTH} characters`;
  if (!Array.isArray(parsed) || parsed.length > MAX_KEYWORDS) {
    throw new DomainError('VALIDATION_FAILED', problem, [
      { field: 'defaultKeywords', problems: [problem] },
    ]);
  }
  const keywords: string[] = [];
  for (const item of parsed) {
    if (typeof item !== 'string' || item.trim().length > MAX_KEYWORD_LENGTH) {
      throw new DomainError('VALIDATION_FAILED', problem, [
        { field: 'defaultKeywords', problems: [problem] },
      ]);
    }
    const keyword = item.trim();
    if (keyword && !keywords.includes(keyword)) keywords.push(keyword);
  }
  return JSON.stringify(keywords);
}

function definedOnly(changes: SettingsChanges): Partial<UserSettingsDto> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}
