import { loadConfigOrExit } from '@greetboard/config';
import { DOMAIN_EVENTS, STREAMS, TWITCH_LOGIN_PATTERN, domainEventId } from '@greetboard/contracts';
import {
  closeDatabaseRuntime,
  openDatabaseRuntime,
  openServiceDataSource,
} from '@greetboard/persistence';
import { createDurableStreams } from '@greetboard/transport';
import { durableStreamsSettingsFrom } from '@greetboard/service-kit';
import { authEnv } from '../config.js';
import { AUTH_DATABASE } from '../database/auth-database.js';
import { toUserDto } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';

/**
 * `npm run promote-admin -- <login>`: makes a signed-in-before user an approved admin, so an
 * install is never locked out. Uses the same configuration as the auth service. With the
 * embedded database, stop `npm start` first: PGlite has one owner at a time.
 */
async function promoteAdmin(argv: string[]): Promise<number> {
  const login = (argv[0] ?? '').trim().toLowerCase();
  if (!TWITCH_LOGIN_PATTERN.test(login)) {
    process.stderr.write('Usage: npm run promote-admin -- <twitch login>\n');
    return 64; // EX_USAGE
  }
  const env = loadConfigOrExit('promote-admin', authEnv);
  const database = await openDatabaseRuntime(env);
  try {
    const dataSource = await openServiceDataSource(database, AUTH_DATABASE);
    try {
      const users = new UsersRepository(dataSource);
      const user = await users.findByUsername(login);
      if (!user) {
        process.stderr.write(`No user "${login}": they must sign in with Twitch once first.\n`);
        return 1;
      }
      user.isAdmin = true;
      user.isApproved = true;
      const saved = await users.save(user);
      if (env.NATS_URL) {
        // Other services keep a copy of users; tell them. Standalone copies refresh at sign-in.
        const streams = await createDurableStreams(
          { kind: 'nats', url: env.NATS_URL, prefix: env.INSTALLATION_PREFIX },
          durableStreamsSettingsFrom(env),
        );
        const updatedAt = saved.updatedAt.toISOString();
        const { subject } = DOMAIN_EVENTS.userChanged;
        await streams.ensureStream({
          name: STREAMS.domainEvents.name,
          subjects: [...STREAMS.domainEvents.subjects],
        });
        await streams.publish(
          subject,
          { ...toUserDto(saved), updatedAt },
          { msgId: domainEventId(subject, saved.id, updatedAt) },
        );
        await streams.close();
      }
      process.stdout.write(`${saved.username} is now an approved admin.\n`);
      return 0;
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await closeDatabaseRuntime(database);
  }
}

promoteAdmin(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `promote-admin failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
