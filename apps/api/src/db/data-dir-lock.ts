import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Thrown when another live process holds the embedded database. Two processes opening one PGlite
 * directory each keep their own copy in memory and overwrite each other's writes on disk.
 */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        'Stop that process first (the server, seed or admin command), or set DATABASE_URL so ' +
        'that several processes share a PostgreSQL server.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Takes the directory's lock file for this process; returns its release. A stale lock is taken over. */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, 'lock.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      if (isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
