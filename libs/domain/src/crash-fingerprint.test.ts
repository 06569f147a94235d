import { describe, expect, it } from 'vitest';
import {
  crashSignature,
  fingerprintFrameCount,
  isFrameworkFrame,
  normaliseFrame,
  type CrashFingerprintInput,
} from './crash-fingerprint';

/** A stack trace as Android prints it: header, then `at` frames. */
const trace = (header: string, ...frames: string[]) =>
  [header, ...frames.map((frame) => `\tat ${frame}`)].join('\n');

const npe = (line = 42, looperLine = 223) =>
  trace(
    'java.lang.NullPointerException: Attempt to invoke virtual method on a null object reference',
    `com.patrol.nfc.TagReader.read(TagReader.kt:${line})`,
    'com.patrol.nfc.ScanActivity.onNewIntent(ScanActivity.kt:88)',
    'android.app.Activity.performNewIntent(Activity.java:8301)',
    `android.os.Looper.loop(Looper.java:${looperLine})`,
    'java.lang.reflect.Method.invoke(Native Method)',
    'com.android.internal.os.ZygoteInit.main(ZygoteInit.java:1003)',
  );

const report = (overrides: Partial<CrashFingerprintInput> = {}): CrashFingerprintInput => ({
  title: 'NFC scan crashed',
  reportType: 'automatic',
  stackTrace: npe(),
  ...overrides,
});

const fingerprint = (overrides: Partial<CrashFingerprintInput> = {}) =>
  crashSignature(report(overrides)).fingerprint;

describe('crashSignature: reports of one crash share a fingerprint', () => {
  it.each<[string, Partial<CrashFingerprintInput>]>([
    ['other line numbers in framework frames', { stackTrace: npe(42, 9999) }],
    ['other line numbers in app frames', { stackTrace: npe(57) }],
    ['another message', { errorMessage: 'Something else at 10:42', title: 'Crash at CP-7' }],
    [
      'another exception message in the trace header',
      { stackTrace: npe().replace('null object reference', 'null reference (id 1234)') },
    ],
    ['Windows line endings', { stackTrace: npe().replace(/\n/g, '\r\n') }],
    [
      'framework frames added or removed',
      {
        stackTrace: trace(
          'java.lang.NullPointerException',
          'com.patrol.nfc.TagReader.read(TagReader.kt:42)',
          'com.patrol.nfc.ScanActivity.onNewIntent(ScanActivity.kt:88)',
          'androidx.fragment.app.Fragment.performResume(Fragment.java:3)',
          'kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:106)',
          'dalvik.system.NativeStart.main(Native Method)',
        ),
      },
    ],
  ])('%s', (_name, overrides) => {
    expect(fingerprint(overrides)).toBe(fingerprint());
  });

  it('ignores anonymous-class and lambda numbering', () => {
    const withLambda = (n: number) =>
      fingerprint({
        stackTrace: trace(
          'java.lang.IllegalStateException: boom',
          `com.patrol.sync.SyncWorker$${n}.run(SyncWorker.kt:${n})`,
          `com.patrol.sync.SyncWorker$$ExternalSyntheticLambda${n}.invoke(D8$$SyntheticClass)`,
        ),
      });
    expect(withLambda(0)).toBe(withLambda(3));
  });
});

describe('crashSignature: different crashes get different fingerprints', () => {
  it.each<[string, Partial<CrashFingerprintInput>]>([
    [
      'another exception type',
      {
        stackTrace: npe().replace(
          'java.lang.NullPointerException',
          'java.lang.IllegalStateException',
        ),
      },
    ],
    ['another in-app frame', { stackTrace: npe().replace('TagReader.read', 'TagReader.close') }],
    [
      'another cause',
      { stackTrace: `${npe()}\nCaused by: java.io.IOException: closed\n\t... 6 more` },
    ],
  ])('%s', (_name, overrides) => {
    expect(fingerprint(overrides)).not.toBe(fingerprint());
  });
});

describe('crashSignature: what it reports', () => {
  it('names the outermost exception and the top in-app frame, frames without line numbers', () => {
    expect(crashSignature(report())).toEqual({
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      exceptionType: 'java.lang.NullPointerException',
      frames: ['com.patrol.nfc.TagReader.read', 'com.patrol.nfc.ScanActivity.onNewIntent'],
      culprit: 'com.patrol.nfc.TagReader.read',
      kind: 'crash',
      basis: 'in-app',
    });
  });

  it('takes the app frames of a cause when the outer exception has only framework frames', () => {
    const wrapped = [
      trace(
        'java.lang.RuntimeException: Unable to start activity ComponentInfo{com.patrol/.Main}',
        'android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3449)',
        'android.os.Handler.dispatchMessage(Handler.java:106)',
      ),
      trace(
        'Caused by: java.lang.IllegalArgumentException: checkpoint missing',
        'com.patrol.patrol.RouteLoader.load(RouteLoader.kt:31)',
        'com.patrol.Main.onCreate(Main.kt:20)',
      ),
      '\t... 12 more',
    ].join('\n');
    expect(crashSignature(report({ stackTrace: wrapped }))).toMatchObject({
      exceptionType: 'java.lang.RuntimeException',
      frames: ['com.patrol.patrol.RouteLoader.load', 'com.patrol.Main.onCreate'],
      culprit: 'com.patrol.patrol.RouteLoader.load',
    });
  });

  it(`keeps the top ${fingerprintFrameCount} in-app frames only`, () => {
    const deep = (bottom: string) =>
      trace(
        'java.lang.StackOverflowError',
        ...Array.from({ length: fingerprintFrameCount }, (_, i) => `com.patrol.A.f${i}(A.kt:${i})`),
        bottom,
      );
    expect(fingerprint({ stackTrace: deep('com.patrol.B.g(B.kt:1)') })).toBe(
      fingerprint({ stackTrace: deep('com.patrol.C.h(C.kt:2)') }),
    );
  });

  it('falls back on the framework frames when the trace has none of the app', () => {
    const frameworkOnly = (line: number) =>
      trace(
        'java.lang.OutOfMemoryError: Failed to allocate',
        `android.graphics.Bitmap.nativeCreate(Bitmap.java:${line})`,
        'android.graphics.BitmapFactory.decodeStream(BitmapFactory.java:10)',
      );
    const signature = crashSignature(report({ stackTrace: frameworkOnly(1) }));
    expect(signature).toMatchObject({
      exceptionType: 'java.lang.OutOfMemoryError',
      frames: [
        'android.graphics.Bitmap.nativeCreate',
        'android.graphics.BitmapFactory.decodeStream',
      ],
      culprit: null,
    });
    expect(crashSignature(report({ stackTrace: frameworkOnly(2) })).fingerprint).toBe(
      signature.fingerprint,
    );
  });

  it.each<[string, Partial<CrashFingerprintInput>, Partial<CrashFingerprintInput>, boolean]>([
    [
      'groups reports without a trace by title, numbers masked',
      { stackTrace: null, title: 'Sync failed after 3 tries' },
      { stackTrace: undefined, title: 'Sync  failed after 12 tries ' },
      true,
    ],
    [
      'tells titles apart',
      { stackTrace: null, title: 'Sync failed' },
      { stackTrace: null, title: 'Upload failed' },
      false,
    ],
    [
      'tells a debug report from a crash of the same title',
      { stackTrace: null, reportType: 'debug' },
      { stackTrace: null, reportType: 'automatic' },
      false,
    ],
    [
      'tells exception types from the error message apart',
      { stackTrace: null, errorMessage: 'java.io.IOException: timeout' },
      { stackTrace: null, errorMessage: 'java.lang.SecurityException: denied' },
      false,
    ],
  ])('%s', (_name, a, b, same) => {
    expect(fingerprint(a) === fingerprint(b)).toBe(same);
  });

  it('reads the exception type from the error message when there is no trace', () => {
    expect(
      crashSignature(report({ stackTrace: '', errorMessage: 'java.io.IOException: timeout' })),
    ).toMatchObject({ exceptionType: 'java.io.IOException', frames: [], culprit: null });
    expect(crashSignature(report({ stackTrace: null, errorMessage: null }))).toMatchObject({
      exceptionType: null,
    });
  });

  it('does not take log lines for exception types', () => {
    const logcat = [
      'FATAL EXCEPTION: main',
      'Process: com.patrol.app, PID: 4242',
      trace('kotlin.UninitializedPropertyAccessException: lateinit', 'com.patrol.X.y(X.kt:1)'),
    ].join('\n');
    expect(crashSignature(report({ stackTrace: logcat })).exceptionType).toBe(
      'kotlin.UninitializedPropertyAccessException',
    );
  });
});

describe('isFrameworkFrame', () => {
  it.each([
    ['java.lang.Thread.run', true],
    ['javax.net.ssl.SSLSocket.read', true],
    ['android.os.Looper.loop', true],
    ['androidx.work.Worker.doWork', true],
    ['kotlin.collections.ArraysKt.first', true],
    ['kotlinx.coroutines.DispatchedTask.run', true],
    ['dalvik.system.VMStack.getThreadStackTrace', true],
    ['com.android.internal.os.ZygoteInit.main', true],
    ['com.patrol.nfc.TagReader.read', false],
    ['javafoo.Bar.baz', false],
    ['androidify.Bar.baz', false],
  ])('%s: %s', (symbol, framework) => {
    expect(isFrameworkFrame(symbol)).toBe(framework);
  });
});

describe('normaliseFrame', () => {
  it.each([
    ['com.patrol.A$1.run', 'com.patrol.A$.run'],
    ['com.patrol.A.lambda$onCreate$0', 'com.patrol.A.lambda$onCreate$'],
    ['com.patrol.A$$ExternalSyntheticLambda2.run', 'com.patrol.A$$ExternalSyntheticLambda.run'],
    ['com.patrol.Base64.decode', 'com.patrol.Base64.decode'],
  ])('%s -> %s', (symbol, normalised) => {
    expect(normaliseFrame(symbol)).toBe(normalised);
  });
});
