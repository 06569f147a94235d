import { describe, expect, it } from 'vitest';
import { crashSignature } from './crash-fingerprint';
import { crashGroupingReason } from './crash-grouping-reason';
import { describeAnr, formatTombstone, nativeFrameKey } from './crash-native-frames';

const trace = (header: string, ...frames: string[]) =>
  [header, ...frames.map((frame) => `\tat ${frame}`)].join('\n');

const crashWithLibrary = (libraryFrame: string) =>
  trace(
    'java.io.IOException: closed',
    libraryFrame,
    'com.patrol.sync.PatrolUploader.push(PatrolUploader.kt:88)',
    'android.os.Looper.loop(Looper.java:223)',
  );

describe('crash grouping on the app frames', () => {
  it('does not split a group on library frames when the trace has in-app frames', () => {
    const a = crashSignature({
      title: 'x',
      stackTrace: crashWithLibrary('okio.Okio.read(Okio.kt:1)'),
    });
    const b = crashSignature({
      title: 'x',
      stackTrace: crashWithLibrary('okhttp3.internal.Http.call(Http.kt:9)'),
    });
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a).toMatchObject({ basis: 'in-app', frames: ['com.patrol.sync.PatrolUploader.push'] });
  });

  it('takes the configured packages as the app', () => {
    const stackTrace = trace(
      'java.lang.Error',
      'org.acme.app.Main.run(Main.kt:1)',
      'com.patrol.x.Y.z(Y.kt:2)',
    );
    expect(crashSignature({ title: 'x', stackTrace }).frames).toEqual(['com.patrol.x.Y.z']);
    expect(
      crashSignature({ title: 'x', stackTrace }, { inAppPackages: ['org.acme.'] }).frames,
    ).toEqual(['org.acme.app.Main.run']);
  });

  it('falls back to library frames, then to every frame', () => {
    const library = crashSignature({
      title: 'x',
      stackTrace: trace('java.lang.Error', 'okio.A.b(A.kt:1)', 'android.os.Looper.loop(L.java:1)'),
    });
    expect(library).toMatchObject({ basis: 'library', frames: ['okio.A.b'] });
    const framework = crashSignature({
      title: 'x',
      stackTrace: trace('java.lang.Error', 'android.os.Looper.loop(L.java:1)'),
    });
    expect(framework).toMatchObject({ basis: 'all-frames', culprit: null });
  });

  it('a report without a kind is a crash', () => {
    const stackTrace = crashWithLibrary('okio.Okio.read(Okio.kt:1)');
    expect(crashSignature({ title: 'x', stackTrace }).fingerprint).toBe(
      crashSignature({ title: 'x', stackTrace, kind: 'crash' }).fingerprint,
    );
  });
});

describe('ANRs group on the main thread top in-app frames', () => {
  const main = (line: number) =>
    trace(
      '"main" prio=5 tid=1 Blocked',
      'com.patrol.db.PatrolDao.save(PatrolDao.kt:' + line + ')',
      'com.patrol.ui.CheckpointActivity.onClick(CheckpointActivity.kt:40)',
      'android.view.View.performClick(View.java:7448)',
    );

  it('is apart from a crash with the same frames, and ignores the thread header and lines', () => {
    const anr = crashSignature({ title: 'ANR', stackTrace: main(10), kind: 'anr' });
    expect(anr).toMatchObject({ kind: 'anr', exceptionType: null, basis: 'in-app' });
    expect(anr.frames).toEqual([
      'com.patrol.db.PatrolDao.save',
      'com.patrol.ui.CheckpointActivity.onClick',
    ]);
    expect(crashSignature({ title: 'other', stackTrace: main(99), kind: 'anr' }).fingerprint).toBe(
      anr.fingerprint,
    );
    expect(crashSignature({ title: 'ANR', stackTrace: main(10) }).fingerprint).not.toBe(
      anr.fingerprint,
    );
  });
});

describe('native crashes group on the signal and the top frames with their library', () => {
  const frames = (installDir: string, offset: number) => [
    {
      pc: '000000000001c0a4',
      library: '/apex/com.android.runtime/lib64/bionic/libc.so',
      symbol: 'abort',
      offset: 164,
    },
    {
      pc: '0x4a2c4',
      library: `/data/app/${installDir}/lib/arm64/libpatrolnfc.so`,
      symbol: 'nfc_decode',
      offset,
      buildId: 'ab12',
    },
    { pc: '0x51000', library: `/data/app/${installDir}/lib/arm64/libpatrolnfc.so`, symbol: null },
  ];

  it('groups the same crash from two installs and builds; splits on the signal', () => {
    const one = crashSignature({
      title: 'x',
      kind: 'native',
      native: { signal: 'SIGSEGV', frames: frames('~~a==', 36) },
    });
    const two = crashSignature({
      title: 'y',
      kind: 'native',
      native: { signal: 'sigsegv', frames: frames('~~b==', 40) },
    });
    expect(two.fingerprint).toBe(one.fingerprint);
    expect(one).toMatchObject({
      kind: 'native',
      exceptionType: 'SIGSEGV',
      basis: 'in-app',
      frames: ['libpatrolnfc.so!nfc_decode', 'libpatrolnfc.so!0x51000'],
      culprit: 'libpatrolnfc.so!nfc_decode',
    });
    const abort = crashSignature({
      title: 'x',
      kind: 'native',
      native: { signal: 'SIGABRT', frames: frames('~~a==', 36) },
    });
    expect(abort.fingerprint).not.toBe(one.fingerprint);
  });

  it('reads a frame and a tombstone as Android prints them', () => {
    expect(nativeFrameKey({ pc: '000000000004a2c4', library: '/x/libz.so', symbol: null })).toBe(
      'libz.so!0x4a2c4',
    );
    expect(
      formatTombstone({
        signal: 'SIGABRT',
        code: 'SI_TKILL',
        abortMessage: 'bad state',
        frames: frames('~~a==', 36),
      }),
    ).toContain(
      "Abort message: 'bad state'\nbacktrace:\n  #00 pc 0x1c0a4  /apex/com.android.runtime/lib64/bionic/libc.so (abort+164)",
    );
    expect(describeAnr({ blockedDurationMs: 7240, mainThreadState: 'Blocked' })).toBe(
      'Main thread blocked for 7.2 s (Blocked)',
    );
  });
});

describe('crashGroupingReason', () => {
  it.each([
    [
      { kind: 'crash', basis: 'in-app', exceptionType: 'java.lang.X', frameCount: 5 },
      'same exception and same 5 in-app frames',
    ],
    [
      { kind: 'crash', basis: 'library', exceptionType: 'java.lang.X', frameCount: 1 },
      'same exception and same 1 library frame (no in-app frame)',
    ],
    [
      { kind: 'anr', basis: 'in-app', exceptionType: null, frameCount: 2 },
      'ANR with the same 2 in-app frames on the main thread',
    ],
    [
      { kind: 'native', basis: 'in-app', exceptionType: 'SIGSEGV', frameCount: 3 },
      "same signal (SIGSEGV) and same 3 top frames with their library (the app's libraries)",
    ],
    [
      { kind: 'crash', basis: 'text', exceptionType: null, frameCount: 0, mergedGroups: 2 },
      'same title (no stack frames); 2 groups merged in by staff',
    ],
  ] as const)('%o', (group, reason) => {
    expect(crashGroupingReason(group)).toBe(reason);
  });
});
