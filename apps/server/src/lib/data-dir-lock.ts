import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the exclusive lock on DATA_DIR. PGlite does not lock its directory, and two processes
 * on one PGlite directory corrupt it, so a second server on the same DATA_DIR must refuse.
 * The lock file holds the owner's pid; a lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'catalyst.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another Catalyst server (pid ${owner}) is already using the data directory ${dataDir}. ` +
            `Stop it first, or start this one with a different DATA_DIR. If no Catalyst server is running, delete ${lockPath}.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(
    `Could not lock the data directory ${dataDir}; another process keeps taking ${lockPath}.`,
  );
}
