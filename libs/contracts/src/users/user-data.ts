import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';
import { defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';

/** How much a user owns in the sessions service (account deletion, admin lists). */
export interface UserDataCount {
  sessions: number;
  chatters: number;
}

export class UserDataCountRequest {
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  userIds: string[];
}

export const USER_DATA_REQUESTS = {
  /** Sessions and chatters owned by each user, keyed by user id (0s for unknown users). */
  count: defineRequest<UserDataCountRequest, Record<string, UserDataCount>>(
    SUBJECTS.sessions.countUserData,
    UserDataCountRequest,
  ),
} as const;
