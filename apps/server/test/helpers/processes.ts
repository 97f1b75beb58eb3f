// Real Catalyst server processes for the fault and scale-out suites: `apps/server/src/main.ts`
// exactly as `npm start` runs it (config, DATA_DIR lock, migrations, first start), on a free
// port, killed with real signals. Plus a TCP proxy that spreads connections over several servers
// and can cut every connection through it at once.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './app';

const SERVER_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');
const STARTUP_TIMEOUT_MS = 90_000;

export interface ServerProcess {
  base: string;
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends the signal and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Kills every server process a test file started and did not stop (call it in afterAll). */
export function killAllServerProcesses() {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  running.clear();
}

/** Starts a server process and resolves once it prints its URL. `env` adds to a quiet default. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      CATALYST_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CATALYST_DEMO: '0',
      RECOMMENDATION_SCAN_HOURS: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // The customer databases of these suites are the machine's own PostgreSQL (127.0.0.1): a
      // private address, which the outbound policy allows only when the operator lists it.
      CATALYST_OUTBOUND_ALLOWLIST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${out}`)),
      STARTUP_TIMEOUT_MS,
    );
    const onData = () => {
      const m = /Catalyst is running at (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it listened:\n${out}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    base,
    pid: child.pid!,
    output: () => out,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      running.delete(child);
    },
  };
}

export interface TcpProxy {
  url: string;
  port: number;
  /** Connections accepted so far, by target index. */
  counts: number[];
  /** Destroys every open connection through the proxy (the far side "goes away"). */
  cut(): void;
  /** While refusing, new connections are closed at once. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

/** A TCP proxy on a free port: each new connection goes to the next target, round robin. */
export async function startTcpProxy(targets: { host: string; port: number }[]): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const counts = targets.map(() => 0);
  let next = 0;
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) return client.destroy();
    const index = next++ % targets.length;
    counts[index]! += 1;
    const upstream = net.connect(targets[index]!);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    counts,
    cut() {
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    refuse(on) {
      refusing = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface HttpAnswer {
  status: number;
  body: string;
  json<T = unknown>(): T;
}

/**
 * One HTTP request on a connection of its own (no keep-alive), so that successive requests
 * through the proxy land on different servers.
 */
export function request(
  base: string,
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown } = {},
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${urlPath}`,
      {
        method,
        agent: false,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, json: <T>() => JSON.parse(body) as T }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export async function signIn(base: string, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const res = await request(base, 'POST', '/api/v1/authentication/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body}`);
  return res.json<{ token: string }>().token;
}
