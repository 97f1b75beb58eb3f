import { createClient } from 'redis';

export const REDIS_URL = process.env.CATALYST_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

/** Skips (or, in CI, fails) a suite that needs the local Redis. */
export async function requireRedis(suite: string): Promise<boolean> {
  if (await redisReachable()) return true;
  const message = `Redis is not reachable at ${REDIS_URL}: ${suite} is skipped.`;
  if (process.env.CI)
    throw new Error(
      `${message} CI requires it (start it with: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no).`,
    );
  console.warn(message);
  return false;
}
