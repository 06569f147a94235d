import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root (the server is started from here). */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Where failure screenshots and the server log are written (gitignored). */
export const artifactsDir = fileURLToPath(new URL('../../artifacts/', import.meta.url));
