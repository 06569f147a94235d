import { lockSync } from 'proper-lockfile';

/**
 * Thrown when another live process holds the embedded database. Two processes opening one PGlite
 * directory each keep their own copy in memory and overwrite each other's writes on disk.
 */
export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `The embedded database in ${dataDir} is in use by another process. ` +
        'Stop that process first (the server, seed or admin command), or set DATABASE_URL so ' +
        'that several processes share a PostgreSQL server.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** A holder refreshes its lock this often; one left unrefreshed this long is stale (a crash). */
export const dataDirLockStaleMs = 10_000;

/**
 * Takes `${dataDir}.lock` (proper-lockfile: a directory made atomically, its mtime refreshed while
 * held) for this process; returns its release. A lock left by a process that died (not refreshed
 * for `dataDirLockStaleMs`) is taken over. `dataDir` must exist.
 */
export function lockDataDir(dataDir: string): () => void {
  try {
    return lockSync(dataDir, {
      stale: dataDirLockStaleMs,
      // A refresh missed past the stale time (a machine that slept): say so rather than crash.
      onCompromised: (error) => process.emitWarning(error),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dataDir);
    throw error;
  }
}
