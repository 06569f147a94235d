/**
 * Stack variants: the reports of one crash group share their exception and top in-app frames, but
 * may reach the crash by different paths. A variant is every frame of the stack (line numbers,
 * file names and lambda numbers aside) with the exception chain, so staff can split one path out.
 */
import type { CrashKind, NativeDetails } from '@patrol/contracts';
import { hash64, parseStackTrace } from './crash-fingerprint';
import { nativeFrameKey } from './crash-native-frames';

export interface CrashStackVariantInput {
  kind?: CrashKind | null;
  /** The readable stack (an ANR's main thread); ignored for a native crash. */
  stackTrace?: string | null;
  native?: Pick<NativeDetails, 'signal' | 'frames'> | null;
}

export interface CrashStackVariantKey {
  /** 16 hex digits; equal for reports with the same exception chain and the same frames. */
  key: string;
  /** Every frame, top first, as it counts (`com.patrol.nfc.TagReader.read`, `libx.so!fn`). */
  frames: string[];
}

/** The variant of a report's stack within its group. */
export function crashStackVariant(report: CrashStackVariantInput): CrashStackVariantKey {
  if (report.kind === 'native' && report.native) {
    const frames = report.native.frames.map(nativeFrameKey);
    const signal = report.native.signal.trim().toUpperCase();
    return { key: hash64(['native', signal, ...frames].join('\n')), frames };
  }
  const { types, frames } = parseStackTrace(report.stackTrace ?? '');
  return { key: hash64(['variant', ...types, '|', ...frames].join('\n')), frames };
}
