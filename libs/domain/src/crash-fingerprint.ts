/**
 * Crash grouping: reports of the same crash share a fingerprint, however their line numbers,
 * messages or framework frames differ between builds and devices (in the manner of Sentry's
 * grouping by exception type and in-app frames).
 */

import type { CrashGroupingBasis, CrashKind, NativeDetails } from '@patrol/contracts';
import { isSystemLibrary, nativeFrameKey } from './crash-native-frames';

/**
 * Frames of the platform and its libraries, which every crash passes through: they say where the
 * app was called from, not which bug it hit, so they do not count towards a group when the trace
 * has frames of the app itself.
 */
export const frameworkFramePrefixes = [
  'java.',
  'javax.',
  'jdk.',
  'sun.',
  'libcore.',
  'dalvik.',
  'android.',
  'androidx.',
  'com.android.',
  'com.google.android.',
  'kotlin.',
  'kotlinx.',
] as const;

/** How many of the top frames of the app make up a fingerprint. */
export const fingerprintFrameCount = 5;

/**
 * The packages of the patrol app itself: its frames are "in-app" and make a group. Deployments
 * name theirs with CRASH_IN_APP_PACKAGES.
 */
export const defaultInAppPackages = ['com.patrol.'] as const;

/** What a fingerprint is computed from: the fields of a report as the app sends them. */
export interface CrashFingerprintInput {
  title: string;
  errorMessage?: string | null;
  stackTrace?: string | null;
  reportType?: string | null;
  /** crash when missing. An ANR's stackTrace is its main thread's stack. */
  kind?: CrashKind | null;
  /** A native crash's tombstone: its signal and frames make the group. */
  native?: Pick<NativeDetails, 'signal' | 'frames'> | null;
}

/** How a fingerprint is computed: which packages are the app's own. */
export interface CrashSignatureOptions {
  /** Package prefixes (`com.patrol.`) of the app; defaultInAppPackages when not given. */
  inAppPackages?: readonly string[];
}

/** A report's grouping key and the parts it was made of, for showing a group. */
export interface CrashSignature {
  /** 16 hex digits; equal for reports of the same crash. */
  fingerprint: string;
  kind: CrashKind;
  /**
   * The outermost exception's class, e.g. java.lang.IllegalStateException (a native crash's
   * signal, e.g. SIGSEGV); null when unknown.
   */
  exceptionType: string | null;
  /** The frames the fingerprint used, top first, without file names or line numbers. */
  frames: string[];
  /** The top frame of the app (where it crashed), or null when the trace has none. */
  culprit: string | null;
  /** Which frames made the group: the app's, other non-framework ones, all, or none (text). */
  basis: CrashGroupingBasis;
}

// `at com.example.Foo.bar(Foo.kt:42)`, `at com.example.Foo.bar(Native Method)`, `at bar (x.js:1:2)`.
const framePattern = /^\s*at\s+([^\s(]+)/;
// `java.lang.IllegalStateException: message`, `Caused by: okio.EOFException`, `Suppressed: ...`.
const headerPattern =
  /^\s*(?:Caused by:\s*|Suppressed:\s*)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?::|$)/;

/** Is this frame (a symbol such as `android.os.Looper.loop`) the platform's rather than the app's? */
export function isFrameworkFrame(symbol: string): boolean {
  return frameworkFramePrefixes.some((prefix) => symbol.startsWith(prefix));
}

/** Is this frame in one of the app's own packages? */
export function isInAppFrame(
  symbol: string,
  inAppPackages: readonly string[] = defaultInAppPackages,
): boolean {
  return inAppPackages.some((prefix) => symbol.startsWith(prefix));
}

/**
 * A frame's symbol stripped of what changes between builds of the same code: the numbers the
 * compiler gives anonymous classes and lambdas (`Foo$1`, `lambda$onCreate$0`,
 * `$$ExternalSyntheticLambda3`). File names and line numbers are never part of it.
 */
export function normaliseFrame(symbol: string): string {
  return symbol.replace(/\$\d+/g, '$').replace(/Lambda\d+/g, 'Lambda');
}

/** The exception class a header line names, if the line is one. */
function exceptionTypeOf(line: string): string | undefined {
  if (framePattern.test(line)) return undefined;
  const name = headerPattern.exec(line)?.[1];
  if (!name) return undefined;
  // A bare word is taken for a class only when it reads like one (Kotlin and Java qualify names).
  return name.includes('.') || /(Exception|Error|Throwable)$/.test(name) ? name : undefined;
}

/** The exception chain and the frames of a stack trace, top first (frames normalised). */
export function parseStackTrace(stackTrace: string): { types: string[]; frames: string[] } {
  const types: string[] = [];
  const frames: string[] = [];
  for (const line of stackTrace.split(/\r?\n/)) {
    const frame = framePattern.exec(line)?.[1];
    if (frame) {
      frames.push(normaliseFrame(frame));
      continue;
    }
    const type = exceptionTypeOf(line);
    if (type) types.push(type);
  }
  return { types, frames };
}

/** A title or message reduced to its words, so that ids, counts and times do not split a group. */
function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/0x[0-9a-f]+|\d+/g, '#')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/**
 * The frames that make a group and what they are: the app's own when the trace has some (library
 * and framework frames then never split a group), else those outside the framework, else all.
 */
export function groupingFrames(
  frames: readonly string[],
  isInApp: (frame: string) => boolean,
  isFramework: (frame: string) => boolean,
): { frames: string[]; basis: CrashGroupingBasis } {
  const inApp = frames.filter(isInApp);
  if (inApp.length > 0) return { frames: inApp.slice(0, fingerprintFrameCount), basis: 'in-app' };
  const library = frames.filter((frame) => !isFramework(frame));
  if (library.length > 0) {
    return { frames: library.slice(0, fingerprintFrameCount), basis: 'library' };
  }
  if (frames.length > 0) {
    return { frames: frames.slice(0, fingerprintFrameCount), basis: 'all-frames' };
  }
  return { frames: [], basis: 'text' };
}

/**
 * The fingerprint of a report, on its kind's own terms. A crash: its exception chain and its top
 * in-app frames (messages and line numbers never count); an ANR: the top in-app frames of its
 * main thread; a native crash: its signal and its top frames with their library. A report
 * without frames is grouped by its exception type, its kind and its title, with numbers masked.
 */
export function crashSignature(
  report: CrashFingerprintInput,
  options: CrashSignatureOptions = {},
): CrashSignature {
  const kind = report.kind ?? 'crash';
  if (kind === 'native' && report.native) return nativeCrashSignature(report.native);
  const inAppPackages = options.inAppPackages ?? defaultInAppPackages;
  const trace = parseStackTrace(report.stackTrace ?? '');
  const messageType = exceptionTypeOf(report.errorMessage?.split(/\r?\n/, 1)[0] ?? '');
  const types =
    kind === 'anr' ? [] : trace.types.length > 0 ? trace.types : messageType ? [messageType] : [];
  const { frames, basis } = groupingFrames(
    trace.frames,
    (frame) => isInAppFrame(frame, inAppPackages),
    isFrameworkFrame,
  );
  // A crash's parts are what they were before kinds, so that existing groups keep their key.
  const head = kind === 'anr' ? ['anr'] : [];
  const parts =
    frames.length > 0
      ? [...head, 'frames', ...types, ...frames]
      : [...head, 'text', ...types, report.reportType ?? '', normaliseText(report.title)];
  return {
    fingerprint: hash64(parts.join('\n')),
    kind,
    exceptionType: kind === 'anr' ? null : (types[0] ?? null),
    frames,
    culprit: basis === 'in-app' || basis === 'library' ? (frames[0] ?? null) : null,
    basis,
  };
}

/** A native crash's signature: its signal and its top frames, each with its library. */
function nativeCrashSignature(native: Pick<NativeDetails, 'signal' | 'frames'>): CrashSignature {
  const keys = native.frames.map(nativeFrameKey);
  const appKeys = new Set(
    native.frames.filter((frame) => !isSystemLibrary(frame.library)).map(nativeFrameKey),
  );
  const { frames, basis } = groupingFrames(
    keys,
    (key) => appKeys.has(key),
    () => true,
  );
  const signal = native.signal.trim().toUpperCase();
  return {
    fingerprint: hash64(['native', signal, ...frames].join('\n')),
    kind: 'native',
    exceptionType: signal,
    frames,
    culprit: basis === 'in-app' ? (frames[0] ?? null) : null,
    basis,
  };
}

/**
 * A 64-bit non-cryptographic hash as 16 hex digits (two 32-bit lanes mixed in the manner of
 * cyrb53); pure, so that the console could compute it too. Collisions are not a security matter
 * here: at worst two crashes would share a group.
 */
export function hash64(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0');
  return hex(h2) + hex(h1);
}
