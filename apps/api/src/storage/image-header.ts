import type { ImageHeader } from './image-header.parser';
import { defaultParserLimits, parseInWorker, type ParseOutcome } from './parse-in-worker';

export type { ImageHeader } from './image-header.parser';

const worker = new URL('./image-header.worker.ts', import.meta.url);

/**
 * The type and pixel size of the uploaded image at `path`, read in a parser worker with a time and
 * memory limit; or why it is not an image (`not-an-image`, `header-unreadable`, `timeout`...).
 */
export function inspectImage(path: string): Promise<ParseOutcome<ImageHeader>> {
  return parseInWorker<ImageHeader>(worker, path, defaultParserLimits);
}
