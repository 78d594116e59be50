// Streamers with an active session, set up the way the product does it: the user as the auth
// service publishes it (UserChanged on the domain-events stream, read into the sessions
// service's projection), then a session created and started over NATS.
import { randomUUID } from 'node:crypto';
import {
  DOMAIN_EVENTS,
  domainEventId,
  SESSIONS_REQUESTS,
  sendRequest,
} from '../../libs/contracts/dist/index.js';
import { waitFor } from '../../libs/testing/dist/index.js';

/**
 * `streams`: JetStreamDurableStreams; `bus`: a NATS client for requests; `db`: a pg pool on
 * the sessions database; `profile`: username, displayName, profileImage and twitchId.
 */
export async function addStreamer({ streams, bus, db }, profile) {
  const user = {
    id: randomUUID(),
    ...profile,
    isApproved: true,
    isAdmin: false,
    updatedAt: new Date().toISOString(),
  };
  const subject = DOMAIN_EVENTS.userChanged.subject;
  await streams.publish(subject, user, { msgId: domainEventId(subject, user.id, user.updatedAt) });
  await waitFor(
    async () =>
      (await db.query(`SELECT 1 FROM sessions.users WHERE id = $1`, [user.id])).rowCount === 1,
    { timeoutMs: 20_000, what: `user ${user.username} in the sessions projection` },
  );
  const actor = { id: user.id, username: user.username, isApproved: true, isAdmin: false };
  const session = await sendRequest(bus, SESSIONS_REQUESTS.createSession, { actor, name: 'Bench' });
  await sendRequest(bus, SESSIONS_REQUESTS.updateSession, {
    actor,
    sessionId: session.id,
    isActive: true,
  });
  return { user, actor, session };
}
