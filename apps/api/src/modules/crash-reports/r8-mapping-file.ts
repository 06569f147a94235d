import { crashMappingMessages } from '@patrol/contracts';
import { invalid } from '../../http/app-error';
import { parseInWorker, type ParserLimits } from '../../storage/parse-in-worker';
import type { R8MappingSummary } from './r8-mapping-file.parser';

export type { R8MappingSummary } from './r8-mapping-file.parser';

const worker = new URL('./r8-mapping.worker.ts', import.meta.url);

/** A mapping is read line by line, so its heap stays small; 200 MiB of lines take a few seconds. */
export const mappingParserLimits: ParserLimits = { timeoutMs: 60_000, maxHeapMb: 64 };

/**
 * Checks the uploaded mapping at `path` in a parser worker with a time and memory limit, so no
 * file can stop the process: anything that is not an R8/ProGuard mapping is a 400 on the
 * `mapping` field naming the problem.
 */
export async function readR8MappingSummary(
  path: string,
  limits: ParserLimits = mappingParserLimits,
): Promise<R8MappingSummary> {
  const outcome = await parseInWorker<R8MappingSummary>(worker, path, limits);
  if (outcome.ok) return outcome.value;
  const message = problemMessage(outcome.problem, outcome.detail, limits);
  throw invalid(message, { mapping: message });
}

function problemMessage(problem: string, detail: string | undefined, limits: ParserLimits) {
  switch (problem) {
    case 'no-classes':
      return crashMappingMessages.noClasses;
    case 'timeout':
      return crashMappingMessages.tooSlow(limits.timeoutMs / 1000);
    case 'out-of-memory':
      return crashMappingMessages.tooDemanding;
    default:
      return crashMappingMessages.notAMapping(detail ?? 'it could not be read as text');
  }
}
