import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SESSIONS_REQUESTS as R } from '@greetboard/contracts';
import { startSessionsHarness, type SessionsHarness, type TestUser } from './harness.js';

describe('ignored users and global editors over the bus', () => {
  let h: SessionsHarness;
  let owner: TestUser;
  let helper: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    h = await startSessionsHarness();
    [owner, helper, other] = await Promise.all([h.seedUser(), h.seedUser(), h.seedUser()]);
  });

  afterAll(() => h.close());

  it('keeps an ignore list per user, unique ignoring case, with an optional reason', async () => {
    const added = await h.request(R.addIgnoredUser, {
      actor: owner.actor,
      username: ' SpamLord ',
      reason: ' spams links ',
    });
    expect(added).toMatchObject({ username: 'SpamLord', reason: 'spams links' });
    expect(await h.failure(R.addIgnoredUser, { actor: owner.actor, username: 'spamlord' })).toBe(
      'IGNORED_USER_EXISTS',
    );
    expect(await h.failure(R.addIgnoredUser, { actor: owner.actor, username: 'bad name!' })).toBe(
      'VALIDATION_FAILED',
    );
    await h.request(R.addIgnoredUser, { actor: other.actor, username: 'spamlord' });
    expect(await h.request(R.listIgnoredUsers, { actor: owner.actor })).toEqual([added]);
    expect(await h.failure(R.removeIgnoredUser, { actor: other.actor, id: added.id })).toBe(
      'IGNORED_USER_NOT_FOUND',
    );
    await h.request(R.removeIgnoredUser, { actor: owner.actor, id: added.id });
    expect(await h.request(R.listIgnoredUsers, { actor: owner.actor })).toEqual([]);
  });

  it('invites by username, refusing self-invites, unknown users and duplicate pending invites', async () => {
    expect(
      await h.failure(R.inviteGlobalEditor, {
        actor: owner.actor,
        username: owner.username,
        role: 'editor',
      }),
    ).toBe('CANNOT_INVITE_SELF');
    expect(
      await h.failure(R.inviteGlobalEditor, {
        actor: owner.actor,
        username: 'nobody_here',
        role: 'editor',
      }),
    ).toBe('USER_NOT_FOUND');
    const invite = await h.request(R.inviteGlobalEditor, {
      actor: owner.actor,
      username: helper.username.toUpperCase(),
      role: 'editor',
    });
    expect(invite).toMatchObject({
      status: 'pending',
      senderId: owner.id,
      receiverId: helper.id,
      sender: { username: owner.username, displayName: owner.displayName },
      receiver: { username: helper.username, profileImage: helper.profileImage },
    });
    expect(
      await h.failure(R.inviteGlobalEditor, {
        actor: owner.actor,
        username: helper.username,
        role: 'editor',
      }),
    ).toBe('INVITE_ALREADY_PENDING');
    expect(await h.request(R.listInvites, { actor: owner.actor })).toEqual([invite]);
    expect(await h.request(R.listInvites, { actor: helper.actor })).toEqual([invite]);
    expect(await h.request(R.listInvites, { actor: other.actor })).toEqual([]);
  });

  it('lets only the receiver answer; accepting links the editor, answered invites leave the lists', async () => {
    const [invite] = await h.request(R.listInvites, { actor: helper.actor });
    expect(
      await h.failure(R.answerInvite, { actor: owner.actor, id: invite.id, status: 'accepted' }),
    ).toBe('FORBIDDEN');
    expect(
      await h.failure(R.answerInvite, { actor: other.actor, id: invite.id, status: 'accepted' }),
    ).toBe('INVITE_NOT_FOUND');
    const accepted = await h.request(R.answerInvite, {
      actor: helper.actor,
      id: invite.id,
      status: 'accepted',
    });
    expect(accepted.status).toBe('accepted');
    expect(
      await h.failure(R.answerInvite, { actor: helper.actor, id: invite.id, status: 'declined' }),
    ).toBe('INVITE_ALREADY_ANSWERED');
    expect(await h.request(R.listInvites, { actor: helper.actor })).toEqual([]);
    const editors = await h.request(R.listGlobalEditors, { actor: owner.actor });
    expect(editors).toEqual([
      expect.objectContaining({
        editorId: helper.id,
        editor: {
          username: helper.username,
          displayName: helper.displayName,
          profileImage: helper.profileImage,
        },
      }),
    ]);
    expect(
      await h.failure(R.inviteGlobalEditor, {
        actor: owner.actor,
        username: helper.username,
        role: 'editor',
      }),
    ).toBe('ALREADY_GLOBAL_EDITOR');
    const session = await h.request(R.createSession, { actor: owner.actor, name: 'Shared' });
    expect((await h.request(R.listSessions, { actor: helper.actor })).map((s) => s.id)).toEqual([
      session.id,
    ]);
  });

  it('declines without linking, and lets the editor step down', async () => {
    const invite = await h.request(R.inviteGlobalEditor, {
      actor: other.actor,
      username: helper.username,
      role: 'editor',
    });
    await h.request(R.answerInvite, { actor: helper.actor, id: invite.id, status: 'declined' });
    expect(await h.request(R.listGlobalEditors, { actor: other.actor })).toEqual([]);
    const [link] = await h.request(R.listGlobalEditors, { actor: owner.actor });
    expect(await h.failure(R.removeGlobalEditor, { actor: other.actor, id: link.id })).toBe(
      'GLOBAL_EDITOR_NOT_FOUND',
    );
    await h.request(R.removeGlobalEditor, { actor: helper.actor, id: link.id });
    expect(await h.request(R.listGlobalEditors, { actor: owner.actor })).toEqual([]);
  });
});
