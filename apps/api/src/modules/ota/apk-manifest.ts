import { otaMessages } from '@patrol/contracts';
import { invalid } from '../../http/app-error';
import {
  defaultParserLimits,
  parseInWorker,
  type ParserLimits,
} from '../../storage/parse-in-worker';
import { manifestMaxBytes, type ApkIdentity } from './apk-manifest.parser';

export type { ApkIdentity } from './apk-manifest.parser';

const worker = new URL('./apk-manifest.worker.ts', import.meta.url);

/**
 * Reads the package name, version code and version name of the APK at `path` in a parser worker
 * with a time and memory limit, so no file can stop the process. Anything that is not a readable
 * APK is a 400 on the `apk` field naming the problem: a renamed text file, a plain zip, a
 * truncated upload, a manifest that is malformed or unpacks past its cap.
 */
export async function readApkIdentity(
  path: string,
  limits: ParserLimits = defaultParserLimits,
): Promise<ApkIdentity> {
  const outcome = await parseInWorker<ApkIdentity>(worker, path, limits);
  if (outcome.ok) return outcome.value;
  const message = problemMessage(outcome.problem, outcome.detail, limits);
  throw invalid(message, { apk: message });
}

function problemMessage(problem: string, detail: string | undefined, limits: ParserLimits) {
  switch (problem) {
    case 'not-a-zip':
      return otaMessages.notAZip;
    case 'no-manifest':
      return otaMessages.noManifest;
    case 'manifest-too-large':
      return otaMessages.manifestTooLarge(manifestMaxBytes / 1024 / 1024);
    case 'manifest-corrupt':
      return otaMessages.manifestCorrupt(detail ?? 'its compressed data is damaged');
    case 'manifest-malformed':
      return otaMessages.manifestMalformed(detail ?? 'its chunks do not fit together');
    case 'manifest-incomplete':
      return otaMessages.manifestIncomplete;
    case 'timeout':
      return otaMessages.apkTooSlow(limits.timeoutMs / 1000);
    case 'out-of-memory':
      return otaMessages.apkTooDemanding;
    default:
      return otaMessages.notAnApk;
  }
}
