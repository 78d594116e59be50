import { describe, expect, it } from '@jest/globals';
import {
  NOT_JOINED_GRACE_MS,
  type ChannelJoinStatus,
  type ChatConnectionChanged,
} from '@greetboard/contracts';
import { ChatConnectionAnnouncer } from './chat-connection-announcer.js';

const SESSION = '0b7c2f52-5d0e-4b8e-9a57-0f3c1b8f2a11';
const OTHER_SESSION = '4f1d7a3e-2c6b-4d8a-8e1f-9a0b3c5d7e21';

function setup() {
  let now = Date.parse('2025-03-01T20:00:00.000Z');
  const announced: ChatConnectionChanged[] = [];
  const sessions = new Map<string, string[]>([['streamer', [SESSION]]]);
  const announcer = new ChatConnectionAnnouncer(
    (change) => announced.push(change),
    (channel) => sessions.get(channel) ?? [],
    () => now,
  );
  const record = (joined: boolean, reason: ChannelJoinStatus['reason'] = null) => ({
    channel: 'streamer',
    replicaId: 'r1',
    joined,
    reason,
    since: new Date(now).toISOString(),
  });
  return {
    announcer,
    announced,
    sessions,
    record,
    advance: (ms: number) => (now += ms),
    statuses: () => announced.map((change) => `${change.status}:${change.reason ?? ''}`),
  };
}

describe('ChatConnectionAnnouncer', () => {
  it('announces each change once, and not_connected only after the grace', () => {
    const { announcer, record, advance, statuses } = setup();
    const joining = record(false);
    announcer.update([joining]);
    advance(NOT_JOINED_GRACE_MS - 1);
    announcer.update([joining]);
    expect(statuses()).toEqual(['connecting:']);
    advance(1);
    announcer.update([joining]);
    announcer.update([joining]);
    expect(statuses()).toEqual(['connecting:', 'not_connected:timeout']);
    announcer.update([{ ...joining, reason: 'refused' }]);
    announcer.update([record(true)]);
    expect(statuses()).toEqual([
      'connecting:',
      'not_connected:timeout',
      'not_connected:refused',
      'connected:',
    ]);
  });

  it("names the channel's running sessions, and announces again when they change", () => {
    const { announcer, announced, record, sessions } = setup();
    const joined = record(true);
    announcer.update([joined]);
    sessions.set('streamer', [SESSION, OTHER_SESSION]);
    announcer.update([joined]);
    expect(announced.map((change) => change.sessionIds)).toEqual([
      [SESSION],
      [SESSION, OTHER_SESSION],
    ]);
  });

  it('announces a channel again once it was dropped and taken back', () => {
    const { announcer, record, statuses } = setup();
    announcer.update([record(true)]);
    announcer.update([]);
    announcer.update([record(true)]);
    expect(statuses()).toEqual(['connected:', 'connected:']);
  });

  it('stays silent for a channel without sessions known by id', () => {
    const { announcer, announced, sessions, record } = setup();
    sessions.clear();
    announcer.update([record(false, 'refused')]);
    expect(announced).toEqual([]);
  });
});
