import { randomBytes } from 'node:crypto';
import { expect } from '@jest/globals';

/**
 * The vocabulary of the sessions routes' permission tables: the seven actors, the refusals
 * they get (the texts of the error-code map), and the shapes of a table row.
 */
export type Actor = 'visitor' | 'pending' | 'approved' | 'owner' | 'editor' | 'former' | 'admin';
export const ACTORS: Actor[] = [
  'visitor',
  'pending',
  'approved',
  'owner',
  'editor',
  'former',
  'admin',
];

const NOT_AUTHORIZED = 'You are not authorized to perform this action.';
export const UNAUTHENTICATED = { error: NOT_AUTHORIZED, code: 'UNAUTHENTICATED' };
export const FORBIDDEN = { error: NOT_AUTHORIZED, code: 'FORBIDDEN' };
export const NOT_OWNER = {
  error: 'Only session owners can start sessions',
  code: 'NOT_SESSION_OWNER',
};
export const ADMIN = { error: 'Admin access required', code: 'ADMIN_REQUIRED' };
export const NOT_APPROVED = { error: 'Account not approved', code: 'ACCOUNT_NOT_APPROVED' };
export const IGNORED_USER_NOT_FOUND = {
  error: 'This user is not on your ignore list.',
  code: 'IGNORED_USER_NOT_FOUND',
};
export const EDITOR_NOT_FOUND = {
  error: 'Global editor not found.',
  code: 'GLOBAL_EDITOR_NOT_FOUND',
};
/** What a stranger to a session gets for its ids: the answer to an id that does not exist. */
export const SESSION_NOT_FOUND = { error: 'Session not found.', code: 'SESSION_NOT_FOUND' };
export const CHATTER_NOT_FOUND = { error: 'Chatter not found.', code: 'CHATTER_NOT_FOUND' };
export const INVITE_NOT_FOUND = { error: 'Invite not found.', code: 'INVITE_NOT_FOUND' };
export const SELF_INVITE = {
  error: 'You cannot invite yourself as a global editor.',
  code: 'CANNOT_INVITE_SELF',
};
export const ALREADY_EDITOR = {
  error: 'This user is already one of your global editors.',
  code: 'ALREADY_GLOBAL_EDITOR',
};

export const UUID = expect.stringMatching(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
);
export const ISO_TIME = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

/** A user as an editor link or an invite shows them. */
export interface Person {
  id: string;
  username: string;
  displayName: string;
  profileImage: string | null;
}
export interface MadeInvite {
  id: string;
  createdAt: string;
}
export const freshName = (role: string) => `${role}_${randomBytes(4).toString('hex')}`;

/**
 * The exact body an actor gets: a value, or a function of the actor that gives it, evaluated
 * after the call so that it may read what the call stored. Every row states its body; there is
 * no "any".
 */
export type Body = Record<string, unknown> | ((actor: Actor) => object | Promise<object>);
export type Expectation = [status: number, body: Body];
/** What each actor gets from one route. */
export type Expected = Record<Actor, Expectation>;
export type Route = [method: string, path: string, body?: unknown];
/** Checks what the call changed (or, when it failed, that it changed nothing). */
export type Effect = (actor: Actor, succeeded: boolean, answer: unknown) => Promise<void>;
/** A bad request the owner sends: what it is, the call, and the status and code it gets. */
export type Refusal = [
  label: string,
  method: string,
  path: string | (() => string),
  body: unknown,
  status: number,
  code: string,
];

/** Strangers get `notFound` (the id's answer when it does not exist); admins are refused. */
export const ownerAndEditors = (ok: number, body: Body, notFound: Body): Expected => ({
  visitor: [401, UNAUTHENTICATED],
  pending: [404, notFound],
  approved: [404, notFound],
  owner: [ok, body],
  editor: [ok, body],
  former: [404, notFound],
  admin: [403, FORBIDDEN],
});
/** Owner-only changes to a session: start and stop answer NOT_SESSION_OWNER, edits FORBIDDEN. */
export const ownerOfSession = (body: Body, refusal: Body): Expected => ({
  visitor: [401, UNAUTHENTICATED],
  pending: [404, SESSION_NOT_FOUND],
  approved: [404, SESSION_NOT_FOUND],
  owner: [200, body],
  editor: [403, refusal],
  former: [404, SESSION_NOT_FOUND],
  admin: [403, refusal],
});
export const everyoneSignedIn = (ok: number, body: Body): Expected => ({
  visitor: [401, UNAUTHENTICATED],
  pending: [ok, body],
  approved: [ok, body],
  owner: [ok, body],
  editor: [ok, body],
  former: [ok, body],
  admin: [ok, body],
});
/** Only the owner may, on the owner's own things; to everyone else they do not exist. */
export const ownerOnly = (ok: number, body: Body, notFound: Body): Expected => ({
  visitor: [401, UNAUTHENTICATED],
  pending: [404, notFound],
  approved: [404, notFound],
  owner: [ok, body],
  editor: [404, notFound],
  former: [404, notFound],
  admin: [404, notFound],
});
export const adminsOnly = (body: Body): Expected => ({
  visitor: [401, UNAUTHENTICATED],
  pending: [403, ADMIN],
  approved: [403, ADMIN],
  owner: [403, ADMIN],
  editor: [403, ADMIN],
  former: [403, ADMIN],
  admin: [200, body],
});
