// Issue 27: the kinds of crash a device reports (an uncaught exception, an ANR, a native crash).
import { z } from 'zod';

/** What happened to the app: an uncaught exception, a freeze (ANR) or a native crash (tombstone). */
export const crashKinds = ['crash', 'anr', 'native'] as const;
export const crashKindSchema = z.enum(crashKinds);
export type CrashKind = z.infer<typeof crashKindSchema>;

export const crashKindLabels: Record<CrashKind, string> = {
  crash: 'Crash',
  anr: 'ANR',
  native: 'Native crash',
};

export const crashKindMessages = {
  anrRequired: 'An ANR report needs anr.blockedDurationMs and the main thread stack in stackTrace',
  nativeRequired: 'A native crash report needs native.signal and native.frames',
} as const;

/** An ANR: the main thread's stack is the report's stackTrace; this says how long it was blocked. */
export const anrDetailsSchema = z.object({
  /** How long the main thread did not answer, in milliseconds (Android reports one after 5 s). */
  blockedDurationMs: z
    .number({ error: 'blockedDurationMs must be a number of milliseconds' })
    .int()
    .min(0)
    .max(86_400_000),
  /** The main thread's state when the ANR was taken, e.g. Blocked, Waiting, Runnable. */
  mainThreadState: z.string().max(50).nullish(),
});
export type AnrDetails = z.infer<typeof anrDetailsSchema>;

/** One frame of a native backtrace, as a tombstone prints it. */
export const nativeFrameSchema = z.object({
  /** The program counter relative to the library, hex (`0x4a2c4` or `000000000004a2c4`). */
  pc: z.string().trim().min(1).max(32),
  /** The library (`/data/app/.../lib/arm64/libpatrolnfc.so`, `/apex/.../libc.so`). */
  library: z.string().trim().min(1).max(500),
  /** The function, when the library has symbols (without its `+offset`). */
  symbol: z.string().max(500).nullish(),
  /** The offset into the function, when the symbol is known. */
  offset: z.number().int().min(0).nullish(),
  /** The ELF build id of the library, which says which build the pc belongs to. */
  buildId: z.string().max(80).nullish(),
});
export type NativeFrame = z.infer<typeof nativeFrameSchema>;

/** A native crash: what Android's tombstone says about the signal and the crashing thread. */
export const nativeDetailsSchema = z.object({
  /** The signal's name, e.g. SIGSEGV, SIGABRT. */
  signal: z.string().trim().min(1).max(20),
  /** The signal's code, e.g. SEGV_MAPERR. */
  code: z.string().max(40).nullish(),
  /** The fault address, hex. */
  faultAddress: z.string().max(32).nullish(),
  /** The abort message (`Abort message: '...'`), when the process aborted. */
  abortMessage: z.string().max(2_000).nullish(),
  /** The crashing thread's backtrace, top first. */
  frames: z.array(nativeFrameSchema).min(1).max(256),
});
export type NativeDetails = z.infer<typeof nativeDetailsSchema>;

/**
 * How the group of a report was made, which the group view puts in words: the app's own frames,
 * other non-framework frames when the trace has none of the app's, every frame, or (without
 * frames) the exception type and title.
 */
export const crashGroupingBases = ['in-app', 'library', 'all-frames', 'text'] as const;
export type CrashGroupingBasis = (typeof crashGroupingBases)[number];
