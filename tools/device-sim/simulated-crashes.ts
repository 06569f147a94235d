import type { CreateCrashReportBody, CrashSeverity } from '@patrol/contracts';

/** A source of numbers in [0, 1): Math.random, or a seeded one in tests. */
export type Random = () => number;

/** App versions the simulated fleet runs, so that groups show more than one version. */
export const simulatedAppVersions = ['2.4.0-sim', '2.4.1-sim'] as const;

interface RecurringCrash {
  weight: number;
  title: string;
  severity: CrashSeverity;
  exception: string;
  /** The app's frames, top first; framework frames (with moving line numbers) follow. */
  appFrames: string[];
}

/**
 * The crashes a patrol fleet keeps having: a few that recur (they make the big groups), weighted
 * by how often. Rare crashes and debug reports are added by simulatedCrashReport.
 */
const recurringCrashes: RecurringCrash[] = [
  {
    weight: 50,
    title: 'NFC scan crashed',
    severity: 'high',
    exception: 'java.lang.NullPointerException: Attempt to read from null array',
    appFrames: [
      'com.patrol.nfc.TagReader.readPayload(TagReader.kt:57)',
      'com.patrol.nfc.ScanActivity.onNewIntent(ScanActivity.kt:112)',
    ],
  },
  {
    weight: 25,
    title: 'Patrol sync failed',
    severity: 'medium',
    exception: 'java.net.SocketTimeoutException: timeout',
    appFrames: [
      'com.patrol.sync.PatrolUploader.push(PatrolUploader.kt:88)',
      'com.patrol.sync.SyncWorker.doWork(SyncWorker.kt:41)',
    ],
  },
  {
    weight: 10,
    title: 'Location permission revoked during patrol',
    severity: 'critical',
    exception: 'java.lang.SecurityException: missing ACCESS_FINE_LOCATION',
    appFrames: [
      'com.patrol.gps.RouteTracker.start(RouteTracker.kt:23)',
      'com.patrol.patrol.PatrolService.onStartCommand(PatrolService.kt:64)',
    ],
  },
];

/** Share of reports that are a crash seen once (a group of its own), a third of them critical. */
const rareShare = 0.1;
/** Share of reports that are debug reports (logs sent by hand, no stack trace). */
const debugShare = 0.05;

const frameworkFrames = [
  'android.app.Activity.performNewIntent(Activity.java:{line})',
  'android.os.Handler.dispatchMessage(Handler.java:{line})',
  'android.os.Looper.loop(Looper.java:{line})',
  'java.lang.reflect.Method.invoke(Native Method)',
  'com.android.internal.os.ZygoteInit.main(ZygoteInit.java:{line})',
];

function pickWeighted<T extends { weight: number }>(items: readonly T[], random: Random): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let point = random() * total;
  for (const item of items) {
    point -= item.weight;
    if (point < 0) return item;
  }
  return items[items.length - 1]!;
}

/** The trace as Android prints it; framework line numbers differ per report (OS builds vary). */
function stackTrace(exception: string, appFrames: readonly string[], random: Random): string {
  const framework = frameworkFrames.map((frame) =>
    frame.replace('{line}', String(100 + Math.floor(random() * 9000))),
  );
  return [exception, ...[...appFrames, ...framework].map((frame) => `\tat ${frame}`)].join('\n');
}

/** Device diagnostics as the app attaches them. */
function deviceInfo(random: Random): CreateCrashReportBody['deviceInfo'] {
  const totalMemory = 4 * 1024 ** 3;
  return {
    platform: 'android',
    osVersion: random() < 0.5 ? '13' : '14',
    manufacturer: 'Samsung',
    model: random() < 0.5 ? 'SM-A546E' : 'SM-X200',
    screenSize: '1080x2340',
    totalMemory,
    availableMemory: Math.round(totalMemory * (0.1 + random() * 0.5)),
    totalStorage: 128 * 1024 ** 3,
    availableStorage: Math.round(128 * 1024 ** 3 * random()),
    networkType: random() < 0.7 ? 'wifi' : 'cellular',
    batteryLevel: Math.round(5 + random() * 95),
  };
}

/**
 * One report as a patrol device would send it: mostly one of the recurring crashes, sometimes a
 * crash seen once (a group of its own, some critical), sometimes a debug report.
 */
export function simulatedCrashReport(
  appVersion: string,
  random: Random = Math.random,
): CreateCrashReportBody {
  const appInfo = {
    appName: 'Patrol',
    packageName: 'com.patrol',
    version: appVersion,
    buildNumber: appVersion.replace(/\D/g, ''),
  };
  const common = {
    kind: 'crash' as const,
    reproducible: null,
    userSteps: null,
    userEmail: null,
    companyId: null,
    userId: null,
    tags: ['simulated'],
    additionalData: { simulator: true },
    deviceInfo: deviceInfo(random),
    appInfo,
  };
  const roll = random();
  if (roll < debugShare) {
    return {
      ...common,
      reportType: 'debug',
      title: 'Patrol log sent from the app',
      description: 'Debug log attached by the guard from the settings screen',
      errorMessage: null,
      stackTrace: null,
      severity: 'low',
    };
  }
  if (roll < debugShare + rareShare) {
    const id = Math.floor(random() * 1e9).toString(36);
    const exception = `java.lang.IllegalStateException: unexpected state ${id}`;
    return {
      ...common,
      reportType: 'automatic',
      title: `Rare crash ${id}`,
      description: null,
      errorMessage: exception,
      stackTrace: stackTrace(
        exception,
        [`com.patrol.rare.Screen${id}.render(Screen.kt:1)`],
        random,
      ),
      severity: random() < 1 / 3 ? 'critical' : 'medium',
    };
  }
  const crash = pickWeighted(recurringCrashes, random);
  return {
    ...common,
    reportType: 'automatic',
    title: crash.title,
    description: null,
    errorMessage: crash.exception,
    stackTrace: stackTrace(crash.exception, crash.appFrames, random),
    severity: crash.severity,
  };
}
