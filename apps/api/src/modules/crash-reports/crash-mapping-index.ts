import { createReadStream } from 'node:fs';
import { join, basename } from 'node:path';
import { createInterface } from 'node:readline';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../http/app-context';
import { parseR8MappingStream, type R8MappingIndex } from './r8-mapping.parser';

/** Where mappings live: DATA_DIR/uploads/mapping. */
export function mappingDirectory(uploads: AppContext['uploads']): string {
  return join(uploads.directory, 'mapping');
}

/** The full path of a stored mapping (the name comes from the database, never a request). */
export function mappingPath(uploads: AppContext['uploads'], fileName: string): string {
  return join(mappingDirectory(uploads), basename(fileName));
}

/**
 * Parsed mapping indexes by the mapping's SHA-256: a content hash never names another index, so
 * the cache needs no invalidation and holds nothing another process would need. A few versions
 * send reports at once; a large mapping's index takes a hundred MB or more, hence the small size.
 */
const indexes = new LRUCache<string, Promise<R8MappingIndex>>({ max: 3 });

/** The parsed index of a stored mapping, parsed from its file on first use (one parse at a time per file). */
export function mappingIndex(
  uploads: AppContext['uploads'],
  mapping: { fileName: string; checksum: string },
): Promise<R8MappingIndex> {
  const held = indexes.get(mapping.checksum);
  if (held) return held;
  const parsing = parseR8MappingStream(
    createInterface({
      input: createReadStream(mappingPath(uploads, mapping.fileName), { encoding: 'utf8' }),
      crlfDelay: Infinity,
    }),
  );
  indexes.set(mapping.checksum, parsing);
  parsing.catch(() => indexes.delete(mapping.checksum));
  return parsing;
}
