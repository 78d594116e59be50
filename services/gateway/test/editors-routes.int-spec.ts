import { afterAll, beforeAll, describe, expect } from '@jest/globals';
import {
  ALREADY_EDITOR,
  EDITOR_NOT_FOUND,
  FORBIDDEN,
  IGNORED_USER_NOT_FOUND,
  INVITE_NOT_FOUND,
  ISO_TIME,
  SELF_INVITE,
  UNAUTHENTICATED,
  UUID,
  everyoneSignedIn,
  freshName,
  ownerOnly,
  sessionsRoutesStack,
  type Actor,
  type MadeInvite,
  type Person,
  type Route,
} from './sessions-routes.fixture.js';

/**
 * The permission table of the global-editor, invite and ignore-list routes over real HTTP (the
 * stack is described in the fixture); the sessions, chatters and admin routes have theirs in
 * sessions-routes.int-spec.ts. The describe name is shared so the tests keep their full names.
 */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const summaryOf = ({ username, displayName, profileImage }: Person) => ({
  username,
  displayName,
  profileImage,
});

describe('sessions routes: who may do what, over HTTP', () => {
  const stack = sessionsRoutesStack();
  const { table, refusals, people, seeded, subjectOf, addUser, addInvite } = stack;
  const { addEditorLink, addIgnoredUser, isEditorOf, pendingInvites, inviteState } = stack;
  beforeAll(() => stack.start(), 90_000);
  afterAll(() => stack.stop());

  // Only the editor has an ignored user yet (added by the fixture).
  table(
    'GET /api/ignored-users',
    (): Route => ['GET', '/api/ignored-users'],
    everyoneSignedIn(200, (actor) =>
      actor === 'editor'
        ? [
            {
              id: seeded.othersIgnoredUser,
              username: 'their_troll',
              reason: null,
              createdAt: ISO_TIME,
            },
          ]
        : [],
    ),
  );
  table(
    'POST /api/ignored-users',
    (): Route => ['POST', '/api/ignored-users', { username: ' some_troll ', reason: '  spam ' }],
    everyoneSignedIn(201, {
      id: UUID,
      username: 'some_troll',
      reason: 'spam',
      createdAt: ISO_TIME,
    }),
    async (actor, succeeded, answer) => {
      const trolls = (await stack.ignoredUsersOf(subjectOf(actor).id)).filter(
        (entry) => entry.username === 'some_troll',
      );
      expect(trolls).toEqual(succeeded ? [answer] : []);
    },
  );
  // The owner's one remaining link (the former editor's was removed).
  table(
    'GET /api/global-editors',
    (): Route => ['GET', '/api/global-editors'],
    everyoneSignedIn(200, (actor) =>
      actor === 'owner'
        ? [
            {
              id: UUID,
              editorId: people.editor!.id,
              editor: summaryOf(people.editor!),
              createdAt: ISO_TIME,
            },
          ]
        : [],
    ),
  );
  // Pending only, sent and received, oldest first: the owner's invite to a user, and the
  // approved user's to the owner; the approved user's declined one is not shown.
  const fromOwner = () => ({
    id: seeded.pendingInviteFromOwner,
    status: 'pending',
    senderId: people.owner!.id,
    receiverId: seeded.invitedId,
    sender: summaryOf(people.owner!),
    receiver: {
      username: seeded.invitedUsername,
      displayName: seeded.invitedUsername.toUpperCase(),
      profileImage: `https://images.example/${seeded.invitedUsername}.png`,
    },
    createdAt: ISO_TIME,
  });
  const toOwner = () => ({
    id: seeded.pendingInviteToOwner,
    status: 'pending',
    senderId: people.approved!.id,
    receiverId: people.owner!.id,
    sender: summaryOf(people.approved!),
    receiver: summaryOf(people.owner!),
    createdAt: ISO_TIME,
  });
  const pendingInvitesOf: Partial<Record<Actor, () => object[]>> = {
    owner: () => [fromOwner(), toOwner()],
    approved: () => [toOwner()],
  };
  table(
    'GET /api/global-editor-invites',
    (): Route => ['GET', '/api/global-editor-invites'],
    everyoneSignedIn(200, (actor) => pendingInvitesOf[actor]?.() ?? []),
  );

  /** An invite as the settings screen shows it, sent by the actor. */
  const inviteFrom = (actor: Actor, receiver: Person) => ({
    id: UUID,
    status: 'pending',
    senderId: people[actor]!.id,
    receiverId: receiver.id,
    sender: summaryOf(people[actor]!),
    receiver: summaryOf(receiver),
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  });
  let invitee: Person;
  table(
    'POST /api/global-editors/invite (a new user)',
    async (): Promise<Route> => {
      invitee = await addUser(freshName('invitee'));
      return ['POST', '/api/global-editors/invite', { username: invitee.username, role: 'editor' }];
    },
    everyoneSignedIn(201, (actor) => inviteFrom(actor, invitee)),
    async (actor, succeeded) => {
      expect(await pendingInvites(subjectOf(actor).id, invitee.id)).toBe(succeeded ? 1 : 0);
    },
  );
  table(
    "POST /api/global-editors/invite (the owner's editor)",
    (): Route => {
      return [
        'POST',
        '/api/global-editors/invite',
        { username: people.editor!.username, role: 'editor' },
      ];
    },
    {
      ...everyoneSignedIn(201, (actor) => inviteFrom(actor, people.editor!)),
      owner: [409, ALREADY_EDITOR],
      editor: [400, SELF_INVITE],
    },
    async (actor, succeeded) => {
      expect(await pendingInvites(subjectOf(actor).id, people.editor!.id)).toBe(succeeded ? 1 : 0);
      expect(await isEditorOf(people.owner!.id, people.editor!.id)).toBe(true);
    },
  );

  let received: MadeInvite & { sender: Person };
  table(
    'PUT /api/global-editor-invites/{id} (accept one sent to the actor)',
    async (actor): Promise<Route> => {
      const sender = await addUser(freshName('inviter'));
      received = { ...(await addInvite(sender.id, subjectOf(actor).id)), sender };
      return ['PUT', `/api/global-editor-invites/${received.id}`, { status: 'accepted' }];
    },
    everyoneSignedIn(200, (actor) => ({
      id: received.id,
      status: 'accepted',
      senderId: received.sender.id,
      receiverId: people[actor]!.id,
      sender: summaryOf(received.sender),
      receiver: summaryOf(people[actor]!),
      createdAt: received.createdAt,
    })),
    async (actor, succeeded) => {
      // Answered, and accepted: the sender now has the receiver as an editor.
      expect(await inviteState(subjectOf(actor).id, received.id)).toBe(
        succeeded ? 'answered' : 'pending',
      );
      expect(await isEditorOf(received.sender.id, subjectOf(actor).id)).toBe(succeeded);
    },
  );
  let ownersInvite: MadeInvite;
  table(
    "PUT /api/global-editor-invites/{id} (decline the owner's invite to the approved user)",
    async (): Promise<Route> => {
      // The one still pending when an earlier actor was refused, or a new one.
      ownersInvite = await stack.pendingInvite(people.owner!.id, people.approved!.id);
      return ['PUT', `/api/global-editor-invites/${ownersInvite.id}`, { status: 'declined' }];
    },
    // Only the receiver answers: the sender is refused, others see no invite.
    {
      visitor: [401, UNAUTHENTICATED],
      pending: [404, INVITE_NOT_FOUND],
      approved: [
        200,
        () => ({
          id: ownersInvite.id,
          status: 'declined',
          senderId: people.owner!.id,
          receiverId: people.approved!.id,
          sender: summaryOf(people.owner!),
          receiver: summaryOf(people.approved!),
          createdAt: ownersInvite.createdAt,
        }),
      ],
      owner: [403, FORBIDDEN],
      editor: [404, INVITE_NOT_FOUND],
      former: [404, INVITE_NOT_FOUND],
      admin: [404, INVITE_NOT_FOUND],
    },
    async (_actor, succeeded) => {
      // Answered, and declined: no editor link came of it.
      expect(await inviteState(people.approved!.id, ownersInvite.id)).toBe(
        succeeded ? 'answered' : 'pending',
      );
      expect(await isEditorOf(people.owner!.id, people.approved!.id)).toBe(false);
    },
  );

  let link: string;
  table(
    "DELETE /api/global-editors/{id} (one of the actor's own editors)",
    async (actor): Promise<Route> => {
      link = await addEditorLink(subjectOf(actor).id, (await addUser(freshName('helper'))).id);
      return ['DELETE', `/api/global-editors/${link}`];
    },
    everyoneSignedIn(200, () => ({ id: link })),
    async (actor, succeeded) => {
      expect(await stack.hasEditorLink(subjectOf(actor).id, link)).toBe(!succeeded);
    },
  );
  table(
    "DELETE /api/global-editors/{id} (one of the owner's editors)",
    async (): Promise<Route> => {
      link = await addEditorLink(people.owner!.id, (await addUser(freshName('helper'))).id);
      return ['DELETE', `/api/global-editors/${link}`];
    },
    ownerOnly(200, () => ({ id: link }), EDITOR_NOT_FOUND),
    async (_actor, succeeded) => {
      expect(await stack.hasEditorLink(people.owner!.id, link)).toBe(!succeeded);
    },
  );

  let ignored: string;
  table(
    "DELETE /api/ignored-users/{id} (one of the actor's own)",
    async (actor): Promise<Route> => {
      ignored = await addIgnoredUser(subjectOf(actor).id);
      return ['DELETE', `/api/ignored-users/${ignored}`];
    },
    everyoneSignedIn(200, () => ({ id: ignored })),
    async (actor, succeeded) => {
      expect(await stack.hasIgnoredUser(subjectOf(actor).id, ignored)).toBe(!succeeded);
    },
  );
  table(
    "DELETE /api/ignored-users/{id} (one of the owner's)",
    async (): Promise<Route> => {
      ignored = await addIgnoredUser(people.owner!.id);
      return ['DELETE', `/api/ignored-users/${ignored}`];
    },
    ownerOnly(200, () => ({ id: ignored }), IGNORED_USER_NOT_FOUND),
    async (_actor, succeeded) => {
      expect(await stack.hasIgnoredUser(people.owner!.id, ignored)).toBe(!succeeded);
    },
  );

  refusals([
    [
      'a role other than editor',
      'POST',
      '/api/global-editors/invite',
      { username: seeded.uninvitedUsername, role: 'admin' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown username',
      'POST',
      '/api/global-editors/invite',
      { username: 'nobody_at_all', role: 'editor' },
      404,
      'USER_NOT_FOUND',
    ],
    [
      'an oversized username',
      'POST',
      '/api/global-editors/invite',
      { username: 'a'.repeat(26), role: 'editor' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a blank username',
      'POST',
      '/api/global-editors/invite',
      { username: '   ', role: 'editor' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a username that is not a string',
      'POST',
      '/api/global-editors/invite',
      { username: 42, role: 'editor' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a second pending invite to the same user',
      'POST',
      '/api/global-editors/invite',
      { username: ` ${seeded.invitedUsername.toUpperCase()} `, role: 'editor' },
      409,
      'INVITE_ALREADY_PENDING',
    ],
    [
      'a malformed invite id',
      'PUT',
      '/api/global-editor-invites/not-a-uuid',
      { status: 'accepted' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown invite',
      'PUT',
      `/api/global-editor-invites/${UNKNOWN_ID}`,
      { status: 'accepted' },
      404,
      'INVITE_NOT_FOUND',
    ],
    [
      'an invite answered before',
      'PUT',
      () => `/api/global-editor-invites/${seeded.answeredInvite}`,
      { status: 'accepted' },
      409,
      'INVITE_ALREADY_ANSWERED',
    ],
    [
      'an answer of pending',
      'PUT',
      () => `/api/global-editor-invites/${seeded.pendingInviteToOwner}`,
      { status: 'pending' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an answer that is not a string',
      'PUT',
      () => `/api/global-editor-invites/${seeded.pendingInviteToOwner}`,
      { status: true },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an answer without a status',
      'PUT',
      () => `/api/global-editor-invites/${seeded.pendingInviteToOwner}`,
      {},
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a malformed editor id',
      'DELETE',
      '/api/global-editors/12345',
      undefined,
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown editor',
      'DELETE',
      `/api/global-editors/${UNKNOWN_ID}`,
      undefined,
      404,
      'GLOBAL_EDITOR_NOT_FOUND',
    ],
    [
      'a malformed ignored-user id',
      'DELETE',
      '/api/ignored-users/not-a-uuid',
      undefined,
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown ignored user',
      'DELETE',
      `/api/ignored-users/${UNKNOWN_ID}`,
      undefined,
      404,
      'IGNORED_USER_NOT_FOUND',
    ],
    [
      "another user's ignored user",
      'DELETE',
      () => `/api/ignored-users/${seeded.othersIgnoredUser}`,
      undefined,
      404,
      'IGNORED_USER_NOT_FOUND',
    ],
  ]);
});
