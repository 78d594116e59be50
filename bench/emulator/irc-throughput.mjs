// IRC delivery throughput of the Twitch emulator, measured at the receiving end.
// Run after building: `npx nx run @greetboard/twitch-emulator:build && node bench/emulator/irc-throughput.mjs`
// Pass --write-docs to record the figures in docs/benchmarks.md ("Twitch emulator" section).
import { connect } from 'node:net';
import { cpus, totalmem, platform, release } from 'node:os';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { startTwitchEmulator } from '../../tools/twitch-emulator/dist/index.js';

const SINGLE_LINES = 500_000;
const SPREAD_CHANNELS = 1_000;
const SPREAD_CONNECTIONS = 10;
const SPREAD_LINES = 100_000;

/** A raw TCP IRC client that only counts CRLF-terminated lines after it has joined. */
function rawClient(port) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const client = { socket, lines: 0, counting: false, onLine: undefined, text: '' };
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      if (!client.counting) {
        client.text += chunk.toString('utf8');
        client.onLine?.();
        return;
      }
      // Counting LF bytes is enough: every line ends in CRLF.
      let index = chunk.indexOf(10);
      while (index !== -1) {
        client.lines++;
        index = chunk.indexOf(10, index + 1);
      }
      client.onLine?.();
    });
    socket.once('connect', () => resolve(client));
  });
}

function waitFor(client, condition) {
  return new Promise((resolve) => {
    const check = () => {
      if (condition()) {
        client.onLine = undefined;
        resolve();
      }
    };
    client.onLine = check;
    check();
  });
}

async function joinChannels(client, nick, channels) {
  client.socket.write(`CAP REQ :twitch.tv/tags twitch.tv/commands\r\nNICK ${nick}\r\n`);
  for (let i = 0; i < channels.length; i += 50) {
    client.socket.write(
      `JOIN ${channels
        .slice(i, i + 50)
        .map((c) => `#${c}`)
        .join(',')}\r\n`,
    );
  }
  const last = channels.at(-1);
  await waitFor(client, () => client.text.includes(`ROOMSTATE #${last}\r\n`));
  client.counting = true;
}

async function measure(emulator, clients, channels, lines, rate) {
  const run = emulator.startTraffic(channels, {
    rate,
    durationSec: lines / rate,
    chatters: 200,
    seed: 7,
  });
  const started = process.hrtime.bigint();
  const report = await run.finished();
  // Every channel has exactly one joined connection, so deliveries equal lines sent.
  const total = report.delivered;
  const received = () => clients.reduce((sum, c) => sum + c.lines, 0);
  // Any client's data may complete the total, so every client re-checks the shared condition.
  await new Promise((resolve) => {
    const check = () => {
      if (received() < total) return;
      for (const client of clients) client.onLine = undefined;
      resolve();
    };
    for (const client of clients) client.onLine = check;
    check();
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    linesDelivered: total,
    seconds: Number(seconds.toFixed(3)),
    linesPerSecond: Math.round(total / seconds),
  };
}

const emulator = await startTwitchEmulator({
  httpPort: 0,
  ircPort: 0,
  joinLimit: { count: 100_000, windowMs: 10_000 },
});

// 1. One connection, one channel.
emulator.state.users.ensure('bench_single');
const single = await rawClient(emulator.ircTcpPort);
await joinChannels(single, 'justinfan1', ['bench_single']);
const singleResult = await measure(emulator, [single], ['bench_single'], SINGLE_LINES, 1_000_000);
single.socket.destroy();

// 2. 1,000 channels across 10 connections (100 channels each).
const channels = Array.from({ length: SPREAD_CHANNELS }, (_, i) => `bench_ch_${i}`);
for (const login of channels) emulator.state.users.ensure(login);
const spreadClients = [];
for (let c = 0; c < SPREAD_CONNECTIONS; c++) {
  const client = await rawClient(emulator.ircTcpPort);
  const own = channels.slice(
    (c * SPREAD_CHANNELS) / SPREAD_CONNECTIONS,
    ((c + 1) * SPREAD_CHANNELS) / SPREAD_CONNECTIONS,
  );
  await joinChannels(client, `justinfan${100 + c}`, own);
  spreadClients.push(client);
}
const spreadResult = await measure(emulator, spreadClients, channels, SPREAD_LINES, 1_000_000);
for (const client of spreadClients) client.socket.destroy();
await emulator.close();

const cpuList = cpus();
const result = {
  command: 'node bench/emulator/irc-throughput.mjs',
  node: process.version,
  machine: {
    cpuModel: cpuList[0]?.model ?? 'unknown',
    cpuCount: cpuList.length,
    memoryGiB: Number((totalmem() / 2 ** 30).toFixed(1)),
    os: `${platform()} ${release()}`,
  },
  singleConnection: { transport: 'tcp', channels: 1, ...singleResult, target: 50_000 },
  spread: {
    transport: 'tcp',
    channels: SPREAD_CHANNELS,
    connections: SPREAD_CONNECTIONS,
    ...spreadResult,
    target: 5_000,
  },
  date: new Date().toISOString(),
};
console.log(JSON.stringify(result, null, 2));

if (process.argv.includes('--write-docs')) {
  const path = new URL('../../docs/benchmarks.md', import.meta.url);
  let doc = '';
  try {
    doc = await readFile(path, 'utf8');
  } catch {
    doc = '# Benchmarks\n';
  }
  const section = [
    '## Twitch emulator',
    '',
    `IRC lines delivered per second by the emulator to raw TCP clients, measured at the receiving end (generation, serialisation and socket writes included). Command: \`${result.command}\` after \`npx nx run @greetboard/twitch-emulator:build\` (add \`--write-docs\` to update this section).`,
    '',
    `Machine: ${result.machine.cpuModel}, ${result.machine.cpuCount} CPUs, ${result.machine.memoryGiB} GiB RAM, ${result.machine.os}, Node ${result.node}. Measured ${result.date.slice(0, 10)}.`,
    '',
    '| Scenario | Lines | Seconds | Lines/s | Target |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| 1 connection, 1 channel | ${singleResult.linesDelivered} | ${singleResult.seconds} | ${singleResult.linesPerSecond} | ≥ 50,000 |`,
    `| ${SPREAD_CONNECTIONS} connections, ${SPREAD_CHANNELS} channels | ${spreadResult.linesDelivered} | ${spreadResult.seconds} | ${spreadResult.linesPerSecond} | ≥ 5,000 |`,
    '',
  ].join('\n');
  const pattern = /## Twitch emulator\n[\s\S]*?(?=\n## |$)/;
  doc = pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}`;
  await mkdir(new URL('.', path), { recursive: true });
  await writeFile(path, doc.endsWith('\n') ? doc : `${doc}\n`);
}
