import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket, type RawData } from 'ws';
import type { ChatterDto } from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import { sessionsRoutesStack } from './sessions-routes.fixture.js';

/**
 * Concurrent greet toggles from two clients, each through its own gateway replica (the stack is
 * described in the fixture): the owner at one, the owner's editor at the other. The chatter
 * list's version (its ETag) counts the writes that committed, and the live sockets carry each
 * change in commit order (greets of one chatter are serialised); the final state must be the
 * last write's, for both clients, over HTTP and over their live sockets.
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
  }, 90_000);
  afterAll(() => stack.stop());

  /** The list version of Main: its ETag (`W/"<session id>:<version>"`) at the owner's gateway. */
  const listVersion = async () => {
    const response = await fetch(`${gateways.owner}/api/sessions/${stack.sessionId}/chatters`, {
      headers: { cookie: `greetboard_session=${stack.cookies.owner}` },
    });
    expect(response.status).toBe(200);
    const etag = /:(\d+)"$/.exec(response.headers.get('etag') ?? '');
    expect(etag).not.toBeNull();
    return Number(etag![1]);
  };
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
    const [owner, editor] = sockets;
    try {
      // Both gateways hold the list before the race, so they must follow it by its changes.
      let previous = (await readAt('owner'))!;
      expect(previous).toBeDefined();
      expect(await readAt('editor')).toEqual(previous);
      let version = await listVersion();
      let seen = 0;
      for (let round = 0; round < 15; round++) {
        const [greet, unGreet] = await Promise.all([
          stack.callAt(gateways.owner, 'owner', 'PUT', greetPath(), { isGreeted: true }),
          stack.callAt(gateways.editor, 'editor', 'PUT', greetPath(), { isGreeted: false }),
        ]);
        expect([greet.status, unGreet.status]).toEqual([200, 200]);
        const versionAfter = await listVersion();
        const final = (await readAt('owner'))!;
        expect(await readAt('editor')).toEqual(final);
        // Opposite writes: the one that committed last decides `final` and changed the chatter;
        // the first changed it only when it was not in the first's state already.
        const changes = final.isGreeted === previous.isGreeted ? 2 : 1;
        // Each write that changed the chatter stepped the list version once; one that changed
        // nothing left it alone.
        expect(versionAfter - version).toBe(changes);
        version = versionAfter;
        await waitFor(
          () => owner.updates.length >= seen + changes && editor.updates.length >= seen + changes,
          { what: 'every chatter_update of the round' },
        );
        const made = owner.updates.slice(seen);
        expect(made).toHaveLength(changes);
        seen += changes;
        const answerOf = (isGreeted: boolean) => (isGreeted ? greet : unGreet).body as ChatterDto;
        // Each client was answered with the state its own write left when it committed: the
        // change it made, or, when it changed nothing, the state before the round...
        for (const change of made) expect(answerOf(change.isGreeted)).toEqual(change);
        if (changes === 1) expect(answerOf(previous.isGreeted)).toEqual(previous);
        // ...and the write that committed last decides what everyone reads.
        expect(made.at(-1)).toEqual(final);
        previous = final;
      }
      // Both live sockets got every change, in commit order, through their own gateway.
      await waitFor(() => editor.updates.length >= seen, {
        what: 'every chatter_update at the editor',
      });
      expect(editor.updates.map(greetStateOf)).toEqual(owner.updates.map(greetStateOf));
      for (const [index, update] of owner.updates.entries()) {
        if (index > 0) expect(update.isGreeted).toBe(!owner.updates[index - 1].isGreeted);
      }
      expect(owner.updates.at(-1)).toEqual(await readAt('owner'));
    } finally {
      for (const { socket } of sockets) socket.terminate();
    }
  });

  it('shows a greet made through one gateway in the next read through the other', async () => {
    // Lists are read from the sessions service on every request (ADR 0050): no replica serves
    // a copy that a change through another replica has not reached yet.
    const before = (await readAt('editor'))!;
    const toggled = await stack.callAt(gateways.owner, 'owner', 'PUT', greetPath(), {
      isGreeted: !before.isGreeted,
    });
    expect(toggled.status).toBe(200);
    expect(await readAt('editor')).toEqual(toggled.body);
  });
});
