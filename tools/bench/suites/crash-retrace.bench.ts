import type { Request } from 'autocannon';
import { eq } from 'drizzle-orm';
import { otaVersions } from '../../../apps/api/src/db/schema';
import { parseR8Mapping } from '../../../apps/api/src/modules/crash-reports/r8-mapping.parser';
import { retraceStack } from '../../../apps/api/src/modules/crash-reports/stack-retrace';
import { generateR8App, generateR8Crash } from '@patrol/test-apk';
import { simulatedCrashReport } from '../../device-sim/simulated-crashes';
import { scaleDeviceToken } from '../../seed-scale/plan';
import { defineSuite } from '../bench-context';
import { measureThroughput, timeRuns } from '../load';
import { activeDeviceKeys, warmDeviceSessions } from '../scale-devices';

const seconds = 10;
const connections = 50;
const devices = 10_000;
/** The release the obfuscated reports come from: an inactive row the suite adds once. */
const benchVersion = '9.9.9-r8-bench';
/** A large app's mapping: 1,470 classes of 20 methods make some 50,000 lines. */
const mappingClasses = 1_470;
const frames = 60;

/**
 * Readable stacks from R8 builds (issue 27): deobfuscating one 60-frame stack with a 50,000-line
 * mapping (in-process, per report), and the intake of obfuscated reports that it deobfuscates
 * before grouping, at 50 connections (goal: still 300 reports a second).
 */
export const crashRetraceSuite = defineSuite({
  name: 'crash retrace',
  async prepare(database) {
    const keys = await activeDeviceKeys(database, devices);
    const app = generateR8App(mappingClasses, 20);
    const started = performance.now();
    const index = parseR8Mapping(app.mapping);
    const parseMs = performance.now() - started;
    const stack = generateR8Crash(app, 1, frames).obfuscated;
    const perReport = await timeRuns(300, async () => retraceStack(index, stack));
    const [existing] = await database.db
      .select({ id: otaVersions.id })
      .from(otaVersions)
      .where(eq(otaVersions.version, benchVersion));
    const versionId =
      existing?.id ??
      (
        await database.db
          .insert(otaVersions)
          .values({
            version: benchVersion,
            versionCode: 1,
            packageName: 'com.patrol.guard',
            fileSize: 1,
            checksum: '0'.repeat(64),
            filePath: 'bench/absent.apk',
            isActive: false,
          })
          .returning({ id: otaVersions.id })
      )[0]!.id;
    const bodies = Array.from({ length: 200 }, (_, n) =>
      JSON.stringify({
        ...simulatedCrashReport(benchVersion, () => 0.9),
        title: `Minified build crash ${n % 8}`,
        stackTrace: generateR8Crash(app, n % 8, 12).obfuscated,
      }),
    );
    return { keys, app, parseMs, perReport, lines: app.lineCount, versionId, bodies };
  },
  async run(context, { keys, app, parseMs, perReport, lines, versionId, bodies }) {
    context.latency(
      {
        id: 'crash-retrace.per-report',
        name: `deobfuscate a ${frames}-frame stack, ${lines.toLocaleString('en')}-line mapping (in-process, per report)`,
        note: `mapping parsed once in ${parseMs.toFixed(0)} ms`,
      },
      perReport,
    );
    const { api, token } = context;
    const form = new FormData();
    form.append('mapping', new Blob([app.mapping], { type: 'text/plain' }), 'mapping.txt');
    const upload = await fetch(`${api.url}/api/ota/versions/${versionId}/mapping`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!upload.ok) throw new Error(`mapping upload answered ${upload.status}`);
    let next = 0;
    const report = {
      method: 'POST' as const,
      path: '/api/crash-reports',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request: Request) => {
        const at = next++;
        return {
          ...request,
          body: bodies[at % bodies.length],
          headers: {
            ...request.headers,
            authorization: `Bearer ${scaleDeviceToken(keys[at % keys.length]!)}`,
          },
        };
      },
    };
    context.log(`  update checks from ${keys.length} devices (warm-up)`);
    await warmDeviceSessions(api.url, keys);
    // The first report waits for the mapping's index to be read; later ones find it cached.
    context.log('  obfuscated crash intake: warm-up (the mapping is read once)');
    await measureThroughput({
      url: api.url,
      connections: 1,
      durationSeconds: 3,
      requests: [report],
    });
    context.log(`  obfuscated crash intake at ${connections} connections`);
    const intake = await measureThroughput({
      url: api.url,
      connections,
      durationSeconds: seconds,
      requests: [report],
    });
    context.record({
      id: 'crash-reports.intake-retraced',
      name: 'crash report intake, obfuscated stacks deobfuscated, reports/s at 50 connections',
      value: intake.rps.toFixed(0),
      goal: '>= 300',
      pass: intake.rps >= 300 && intake.errors === 0,
    });
    await fetch(`${api.url}/api/ota/versions/${versionId}/mapping`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  },
});
