import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket, type RawData } from 'ws';
import type { ChatterDto } from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import { sessionsRoutesStack } from '../../test/sessions-routes.fixture.js';
import { storedChatter } from '../../test/stored-rows.js';

/**
 * Concurrent greet toggles from two clients, each through its own gateway replica (the stack is
 * described in the fixture): the owner at one, the owner's editor at the other. The database
 * tells which write committed last; the final state must be that write's, for both clients,
 * over HTTP and over their live sockets.
 */
describe('concurrent greet toggles through two gateways', () => {
  const stack = sessionsRoutesStack();
  let gateways: Record<'owner' | 'editor', string>;
  const greetPath = () => `/api/chatters/${stack.chatterId}/greet`;

  /** The greet state of the chatter as a write left it. */
  interface GreetState {
    isGreeted: boolean;
    greetedBy: string | null;
    greetedAt: string | null;
  }
  const greetStateOf = ({ isGreeted, greetedBy, greetedAt }: GreetState): GreetState => ({
    isGreeted,
    greetedBy,
    greetedAt,
  });

  beforeAll(async () => {
    await stack.start();
    gateways = { owner: stack.gatewayUrl, editor: await stack.addGateway() };
    // Test instrument: every greet bumps its session's list version under the session row's
    // lock, so a trigger deferred to commit records the greets of this session in commit order,
    // each with the chatter as that commit left it.
    await stack.db.query(`
      CREATE TABLE greet_commits (list_version bigint PRIMARY KEY, is_greeted boolean NOT NULL,
                                  greeted_by uuid, greeted_at timestamptz);
      CREATE FUNCTION record_greet_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO greet_commits
        SELECT NEW.list_version, c.is_greeted, c.greeted_by, c.greeted_at
          FROM sessions.chatters c WHERE c.id = TG_ARGV[0]::uuid;
        RETURN NULL;
      END $$;
      CREATE CONSTRAINT TRIGGER greet_commit AFTER UPDATE OF list_version ON sessions.sessions
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.id = '${stack.sessionId}')
        EXECUTE FUNCTION record_greet_commit('${stack.chatterId}')`);
  }, 60_000);
  afterAll(() => stack.stop());

  const commitsAfter = async (listVersion: number) =>
    (
      await stack.db.query<{
        list_version: string;
        is_greeted: boolean;
        greeted_by: string | null;
        greeted_at: Date | null;
      }>(`SELECT * FROM greet_commits WHERE list_version > $1 ORDER BY list_version`, [listVersion])
    ).rows.map((row) => ({
      listVersion: Number(row.list_version),
      isGreeted: row.is_greeted,
      greetedBy: row.greeted_by,
      greetedAt: row.greeted_at?.toISOString() ?? null,
    }));
  /** The chatter as the actor's client reads it through its own gateway. */
  const readAt = async (actor: 'owner' | 'editor') => {
    const path = `/api/sessions/${stack.sessionId}/chatters`;
    const answer = await stack.callAt(gateways[actor], actor, 'GET', path);
    expect(answer.status).toBe(200);
    return (answer.body as ChatterDto[]).find((chatter) => chatter.id === stack.chatterId);
  };
  /** A live socket of the actor at its gateway, collecting the chatter's updates. */
  const liveUpdates = async (actor: 'owner' | 'editor') => {
    const url = gateways[actor];
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`, {
      headers: {
        Cookie: `greetboard_session=${stack.cookies[actor]}`,
        Origin: new URL(url).origin,
      },
    });
    const updates: ChatterDto[] = [];
    socket.on('message', (data: RawData) => {
      // The gateway sends text frames, which ws hands over as one Buffer.
      const message = JSON.parse((data as Buffer).toString('utf8')) as {
        type: string;
        payload: ChatterDto;
      };
      if (message.type === 'chatter_update' && message.payload.id === stack.chatterId) {
        updates.push(message.payload);
      }
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return { socket, updates };
  };

  it('ends each round on the write that committed last, read the same by both clients', async () => {
    const sockets = [await liveUpdates('owner'), await liveUpdates('editor')];
    try {
      // Both gateways hold the list before the race, so they must follow it by its changes.
      expect(await readAt('owner')).toEqual(await storedChatter(stack.db, stack.chatterId));
      expect(await readAt('editor')).toEqual(await readAt('owner'));
      let previous = greetStateOf(await storedChatter(stack.db, stack.chatterId));
      /** Every state a commit changed the chatter to, in commit order. */
      const changes: GreetState[] = [];
      let seen = 0;
      for (let round = 0; round < 15; round++) {
        const [greet, unGreet] = await Promise.all([
          stack.callAt(gateways.owner, 'owner', 'PUT', greetPath(), { isGreeted: true }),
          stack.callAt(gateways.editor, 'editor', 'PUT', greetPath(), { isGreeted: false }),
        ]);
        expect([greet.status, unGreet.status]).toEqual([200, 200]);
        // Each write committed once; its value tells which one each commit was.
        const commits = await commitsAfter(seen);
        expect(commits.map((commit) => commit.isGreeted).sort()).toEqual([false, true]);
        seen = commits[1].listVersion;
        const answerOf = (commit: GreetState) => (commit.isGreeted ? greet : unGreet).body;
        // Each client was answered with the state its own write left when it committed...
        for (const commit of commits) {
          const state = greetStateOf(commit);
          expect(greetStateOf(answerOf(commit) as GreetState)).toEqual(state);
          if (state.isGreeted !== previous.isGreeted) changes.push(state);
          previous = state;
        }
        // ...and the write that committed last decides what everyone reads.
        const lastWrite = answerOf(commits[1]);
        expect(await storedChatter(stack.db, stack.chatterId)).toEqual(lastWrite);
        expect(await readAt('owner')).toEqual(lastWrite);
        expect(await readAt('editor')).toEqual(lastWrite);
      }
      // Both live sockets got every change, in commit order, through their own gateway.
      for (const { updates } of sockets) {
        await waitFor(() => updates.length >= changes.length, { what: 'every chatter_update' });
        expect(updates.map(greetStateOf)).toEqual(changes);
        expect(updates.at(-1)).toEqual(await storedChatter(stack.db, stack.chatterId));
      }
    } finally {
      for (const { socket } of sockets) socket.terminate();
    }
  });
});
