// bench/conversations: C concurrent Socket.IO clients each ask one question of the demo use case;
// prints errors and time to first chunk / chunk-end (p50, p95, p99), then the thread-list API's
// requests per second against a Fastify hello-world route in the same run (autocannon).
// Usage: npx tsx bench/conversations/run.ts [--clients 1000] [--seconds 10]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { io, type Socket } from 'socket.io-client';

const { values } = parseArgs({
  options: { clients: { type: 'string', default: '1000' }, seconds: { type: 'string', default: '10' } },
});
const CLIENTS = Number(values.clients);
const PER_USER = 3; // the server allows 3 questions in flight per user
const QUESTIONS = [
  'revenue by region last quarter',
  'total profit by channel',
  'return rate by category',
  'average discount by customer segment',
  'revenue by month',
];
const here = path.dirname(fileURLToPath(import.meta.url));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

const server = spawn(
  process.execPath,
  [
    path.join(here, '../../node_modules/tsx/dist/cli.mjs'),
    path.join(here, 'server.ts'),
    String(Math.ceil(CLIENTS / PER_USER)),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const info = await new Promise<{ url: string; useCaseId: number; users: string[]; password: string }>(
  (resolve, reject) => {
    createInterface({ input: server.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line));
    });
    server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  },
);
try {
  const tokens = new Map<string, string>();
  for (const user of info.users) {
    const res = await fetch(`${info.url}/api/v1/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user, password: info.password }),
    });
    tokens.set(user, ((await res.json()) as { token: string }).token);
  }
  console.log(`server ready: ${info.users.length} users, ${CLIENTS} clients`);

  const sockets: Socket[] = [];
  let errors = 0;
  const firstChunk: number[] = [];
  const done: number[] = [];
  await Promise.all(
    Array.from(
      { length: CLIENTS },
      (_, i) =>
        new Promise<void>((resolve) => {
          const s = io(info.url, {
            path: '/socketio',
            transports: ['websocket'],
            auth: { token: tokens.get(info.users[Math.floor(i / PER_USER)]!) },
            reconnection: false,
            timeout: 20_000,
          });
          sockets.push(s);
          s.on('connect', () => resolve());
          s.on('connect_error', () => {
            errors++;
            resolve();
          });
        }),
    ),
  );
  const connected = sockets.filter((s) => s.connected);
  console.log(`connected ${connected.length}/${CLIENTS} sockets`);
  const started = Date.now();
  await Promise.all(
    connected.map(
      (s, i) =>
        new Promise<void>((resolve) => {
          const t0 = performance.now();
          let first = true;
          const timer = setTimeout(() => {
            errors++;
            resolve();
          }, 120_000);
          s.on('response', (r: { response_type: string; cards: unknown }) => {
            if (first) {
              firstChunk.push(performance.now() - t0);
              first = false;
            }
            if (
              r.cards &&
              typeof r.cards === 'object' &&
              !Array.isArray(r.cards) &&
              (r.cards as { content_type?: string }).content_type === 'error'
            )
              errors++;
            if (r.response_type === 'chunk-end') {
              done.push(performance.now() - t0);
              clearTimeout(timer);
              resolve();
            }
          });
          s.on('error', () => {
            errors++;
            clearTimeout(timer);
            resolve();
          });
          s.emit('message', {
            message: QUESTIONS[i % QUESTIONS.length],
            usecase_id: info.useCaseId,
            thread_id: '',
            isNewThread: true,
          });
        }),
    ),
  );
  const wall = Date.now() - started;
  for (const s of sockets) s.disconnect();
  console.log(
    `questions: ${connected.length}, answered ${done.length}, errors ${errors}, wall ${(wall / 1000).toFixed(1)} s`,
  );
  console.log(
    `time to first chunk ms: p50 ${pct(firstChunk, 50).toFixed(0)}  p95 ${pct(firstChunk, 95).toFixed(0)}  p99 ${pct(firstChunk, 99).toFixed(0)}`,
  );
  console.log(
    `time to chunk-end  ms: p50 ${pct(done, 50).toFixed(0)}  p95 ${pct(done, 95).toFixed(0)}  p99 ${pct(done, 99).toFixed(0)}`,
  );

  const seconds = Number(values.seconds);
  const token = tokens.get(info.users[0]!)!;
  const threads = await autocannon({
    url: `${info.url}/api/copilot/threads`,
    headers: { authorization: `Bearer ${token}` },
    connections: 20,
    duration: seconds,
  });
  const hello = Fastify();
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloRes = await autocannon({
    url: `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/hello`,
    connections: 20,
    duration: seconds,
  });
  await hello.close();
  console.log(
    `thread list: ${threads.requests.average.toFixed(0)} req/s (non-2xx ${threads.non2xx}), p99 ${threads.latency.p99} ms`,
  );
  console.log(`hello world: ${helloRes.requests.average.toFixed(0)} req/s`);
  console.log(
    `ratio thread list / hello world: ${(threads.requests.average / helloRes.requests.average).toFixed(2)}`,
  );
  const result = {
    sockets: connected.length,
    clients: CLIENTS,
    answered: done.length,
    errors: errors + (CLIENTS - connected.length),
    firstChunkP50Ms: pct(firstChunk, 50),
    firstChunkP95Ms: pct(firstChunk, 95),
    firstChunkP99Ms: pct(firstChunk, 99),
    chunkEndP50Ms: pct(done, 50),
    chunkEndP95Ms: pct(done, 95),
    chunkEndP99Ms: pct(done, 99),
    threadListRps: threads.requests.average,
    helloRps: helloRes.requests.average,
    threadListRatio: threads.requests.average / helloRes.requests.average,
  };
  console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
} finally {
  server.kill('SIGTERM');
}
