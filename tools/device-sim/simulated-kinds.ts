import type { CrashKind, CreateCrashReportBody } from '@patrol/contracts';
import { generateR8App, generateR8Crash, type GeneratedApp } from '@patrol/test-apk';
import { simulatedCrashReport, type Random } from './simulated-crashes';

/** What the simulated app sends besides plain crashes. */
export interface SimulatedKinds {
  /** The kinds to send, picked evenly; crash only when absent. */
  kinds?: readonly CrashKind[];
  /** Crash stacks obfuscated by this app's mapping (see simulatedR8App), as a release build's. */
  obfuscatedBy?: GeneratedApp;
}

/** The R8-minified build the simulator plays: `npm run device-sim -- --write-mapping` writes it. */
export function simulatedR8App(): GeneratedApp {
  return generateR8App(12, 8);
}

/** An ANR: the main thread blocked in the app's database or NFC code for 5 to 20 s. */
export function simulatedAnrReport(appVersion: string, random: Random = Math.random) {
  const base = simulatedCrashReport(appVersion, () => 0.9);
  const inNfc = random() < 0.5;
  const frames = inNfc
    ? [
        'com.patrol.nfc.TagReader.readPayload(TagReader.kt:57)',
        'com.patrol.nfc.ScanActivity.onNewIntent(ScanActivity.kt:112)',
      ]
    : [
        'com.patrol.db.PatrolDao.saveCheckpoint(PatrolDao.kt:41)',
        'com.patrol.ui.CheckpointActivity.onSave(CheckpointActivity.kt:88)',
      ];
  return {
    ...base,
    kind: 'anr',
    title: inNfc
      ? 'App not responding while scanning'
      : 'App not responding while saving a checkpoint',
    errorMessage: 'Input dispatching timed out',
    severity: 'high',
    anr: { blockedDurationMs: Math.round(5000 + random() * 15000), mainThreadState: 'Blocked' },
    stackTrace: [
      '"main" prio=5 tid=1 Blocked',
      ...frames.map((frame) => `\tat ${frame}`),
      `\tat android.os.Handler.dispatchMessage(Handler.java:${100 + Math.floor(random() * 9)})`,
      '\tat android.os.Looper.loop(Looper.java:223)',
    ].join('\n'),
  } satisfies CreateCrashReportBody;
}

/** A native crash in the app's NFC library (SIGSEGV) or an abort in its crypto one (SIGABRT). */
export function simulatedNativeReport(appVersion: string, random: Random = Math.random) {
  const base = simulatedCrashReport(appVersion, () => 0.9);
  const install = `~~${Math.floor(random() * 1e6).toString(36)}==`;
  const lib = (name: string) => `/data/app/${install}/com.patrol.guard/lib/arm64/${name}`;
  const segv = random() < 0.6;
  return {
    ...base,
    kind: 'native',
    title: segv ? 'Native crash in NFC decoder' : 'Native abort in licence crypto',
    errorMessage: null,
    stackTrace: null,
    severity: 'critical',
    native: segv
      ? {
          signal: 'SIGSEGV',
          code: 'SEGV_MAPERR',
          faultAddress: '0x0000000000000010',
          abortMessage: null,
          frames: [
            {
              pc: '000000000004a2c4',
              library: lib('libpatrolnfc.so'),
              symbol: 'nfc_decode_ndef',
              offset: 36,
              buildId: '9f2c1e7a',
            },
            {
              pc: '000000000004b010',
              library: lib('libpatrolnfc.so'),
              symbol: 'nfc_read',
              offset: 112,
              buildId: '9f2c1e7a',
            },
            {
              pc: '00000000002d4a0c',
              library: '/apex/com.android.art/lib64/libart.so',
              symbol: 'art_quick_generic_jni_trampoline',
              offset: 140,
            },
          ],
        }
      : {
          signal: 'SIGABRT',
          code: 'SI_TKILL',
          faultAddress: null,
          abortMessage: 'licence signature buffer overflow',
          frames: [
            {
              pc: '000000000008d3f8',
              library: '/apex/com.android.runtime/lib64/bionic/libc.so',
              symbol: 'abort',
              offset: 164,
            },
            {
              pc: '0000000000012a40',
              library: lib('libpatrolcrypto.so'),
              symbol: 'verify_licence',
              offset: 88,
              buildId: '41be09d2',
            },
          ],
        },
  } satisfies CreateCrashReportBody;
}

/** A crash of the minified build: its stack obfuscated by the app's mapping. */
export function simulatedObfuscatedCrash(
  appVersion: string,
  app: GeneratedApp,
  random: Random = Math.random,
): CreateCrashReportBody {
  const base = simulatedCrashReport(appVersion, () => 0.9);
  // A few recurring crashes (seeds), so that the readable stacks make a few big groups.
  const seed = Math.floor(random() * 4);
  const crash = generateR8Crash(app, seed);
  return {
    ...base,
    kind: 'crash',
    title: `Minified build crash ${seed + 1}`,
    errorMessage: 'java.lang.NullPointerException: generated crash',
    stackTrace: crash.obfuscated,
    severity: 'high',
  };
}

/** One report of the simulated app: a kind picked evenly from `kinds`, obfuscated when asked. */
export function simulatedReport(
  appVersion: string,
  options: SimulatedKinds = {},
  random: Random = Math.random,
): CreateCrashReportBody {
  const kinds = options.kinds?.length ? options.kinds : (['crash'] as const);
  const kind = kinds[Math.floor(random() * kinds.length)] ?? 'crash';
  if (kind === 'anr') return simulatedAnrReport(appVersion, random);
  if (kind === 'native') return simulatedNativeReport(appVersion, random);
  return options.obfuscatedBy
    ? simulatedObfuscatedCrash(appVersion, options.obfuscatedBy, random)
    : simulatedCrashReport(appVersion, random);
}
