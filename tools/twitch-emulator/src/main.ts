import { startTwitchEmulator } from './emulator.js';
import { EnvError, optionsFromEnv, type TwitchEmulatorOptions } from './options.js';

/** Standalone emulator: `npm run emulator`. Configured through EMULATOR_* environment variables. */
async function main(): Promise<void> {
  let options: TwitchEmulatorOptions;
  try {
    options = optionsFromEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`twitch-emulator: ${error.message}`);
      process.exit(78); // EX_CONFIG, as every service (ADR 0006)
    }
    throw error;
  }
  const emulator = await startTwitchEmulator(options);
  console.log(
    `twitch-emulator: identity/Helix/control on ${emulator.httpUrl}, IRC on ${emulator.ircWsUrl} and tcp://${emulator.host}:${emulator.ircTcpPort}`,
  );
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`twitch-emulator: ${signal} received, shutting down`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('twitch-emulator: shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('twitch-emulator: failed to start', error);
  process.exit(1);
});
