/**
 * Native crashes (Android tombstones): how a frame reads and what part of it makes a group.
 */
import type { AnrDetails, NativeDetails, NativeFrame } from '@patrol/contracts';

/** Libraries of the platform: every native crash passes through them, so they do not make a group. */
const systemLibraryPrefixes = ['/system/', '/apex/', '/vendor/', '/product/'] as const;

/** Is this library (a path as the tombstone prints it) the platform's rather than the app's? */
export function isSystemLibrary(library: string): boolean {
  return systemLibraryPrefixes.some((prefix) => library.startsWith(prefix));
}

/** The library's file name: the install path (`/data/app/~~x2Yz==/...`) changes per install. */
function libraryName(library: string): string {
  return library.slice(library.lastIndexOf('/') + 1);
}

/** A pc without padding: `000000000004a2c4` and `0x4a2c4` are the same address. */
function normalisePc(pc: string): string {
  const digits = pc
    .toLowerCase()
    .replace(/^0x/, '')
    .replace(/^0+(?=.)/, '');
  return `0x${digits}`;
}

/**
 * What a native frame contributes to a group: its library's name and its function (without the
 * offset, which moves with every change of the function), or its pc when the library is stripped.
 */
export function nativeFrameKey(frame: Pick<NativeFrame, 'library' | 'symbol' | 'pc'>): string {
  const where = frame.symbol?.trim() || normalisePc(frame.pc);
  return `${libraryName(frame.library)}!${where}`;
}

/** One backtrace line as a tombstone prints it: `#00 pc 0x4a2c4  /data/.../libx.so (fn+36) (BuildId: ab12)`. */
export function formatNativeFrame(frame: NativeFrame, index: number): string {
  const number = `#${String(index).padStart(2, '0')}`;
  const symbol = frame.symbol
    ? ` (${frame.symbol}${frame.offset == null ? '' : `+${frame.offset}`})`
    : '';
  const buildId = frame.buildId ? ` (BuildId: ${frame.buildId})` : '';
  return `${number} pc ${normalisePc(frame.pc)}  ${frame.library}${symbol}${buildId}`;
}

/** A native crash in the tombstone's words: signal, fault address, abort message, backtrace. */
export function formatTombstone(native: NativeDetails): string {
  const code = native.code ? `, code ${native.code}` : '';
  const fault = native.faultAddress ? `, fault addr ${native.faultAddress}` : '';
  const lines = [`signal ${native.signal}${code}${fault}`];
  if (native.abortMessage) lines.push(`Abort message: '${native.abortMessage}'`);
  lines.push('backtrace:', ...native.frames.map((frame, i) => `  ${formatNativeFrame(frame, i)}`));
  return lines.join('\n');
}

/** An ANR's blocked time in words: "Main thread blocked for 7.2 s (Blocked)". */
export function describeAnr(anr: AnrDetails): string {
  const seconds = anr.blockedDurationMs / 1000;
  const amount = seconds >= 10 ? Math.round(seconds).toString() : seconds.toFixed(1);
  const state = anr.mainThreadState ? ` (${anr.mainThreadState})` : '';
  return `Main thread blocked for ${amount} s${state}`;
}
