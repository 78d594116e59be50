// Sign-in stands in for the auth service in the benchmarks that start only sessions and the
// gateway: a responder on NATS resolves one cookie to one approved streamer, so the gateway's
// real cookie resolution runs without Twitch.
import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { INSTALLATION } from './processes.mjs';
import { subjectIn } from '../../libs/transport/dist/index.js';

/**
 * Answers `auth.session.resolve.v1` on `natsUrl` for the returned cookie with the returned
 * owner. `addOwner(databaseUrl)` adds the owner to the sessions service's users, `headers`
 * sign a request in, and `close()` stops answering.
 */
export async function standInAuth(natsUrl) {
  const owner = {
    id: randomUUID(),
    username: 'bench_streamer',
    displayName: 'Bench Streamer',
    profileImage: 'https://static-cdn.jtvnw.net/jtv_user_pictures/bench-profile_image-300x300.png',
    twitchId: '424242',
    isApproved: true,
    isAdmin: false,
  };
  const cookie = randomBytes(32).toString('base64url');
  const nc = await connect({ servers: [natsUrl] });
  const sub = nc.subscribe(subjectIn(INSTALLATION, 'auth.session.resolve.v1'), { queue: 'auth' });
  void (async () => {
    for await (const message of sub) {
      const packet = message.json();
      const user = packet.data?.sessionId === cookie ? owner : null;
      message.respond(JSON.stringify({ id: packet.id, response: { user }, isDisposed: true }));
    }
  })();
  return {
    owner,
    headers: { cookie: `greetboard_session=${cookie}`, 'content-type': 'application/json' },
    /** Adds the owner to the sessions service's copy of the users (a pg pool of its database). */
    addOwner: (db) =>
      db.query(`INSERT INTO sessions.users VALUES ($1, $2, $3, $4, $5, true, false, now())`, [
        owner.id,
        owner.username,
        owner.displayName,
        owner.profileImage,
        owner.twitchId,
      ]),
    close: async () => {
      sub.unsubscribe();
      await nc.close();
    },
  };
}
