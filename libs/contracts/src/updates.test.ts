import { describe, expect, it } from 'vitest';
import { exampleTime, messagesAt } from './test-support';
import {
  consoleBuildInfoSchema,
  dashboardApplyBodySchema,
  dashboardDownloadEventSchema,
  dashboardUpdateCheckQuerySchema,
  mobileDistributeBodySchema,
} from './updates';

const buildInfo = {
  version: '8.2.0',
  buildId: '20261124T101500-a1b2c3',
  channel: 'stable',
  builtAt: exampleTime,
  releaseNotes: 'Update notices',
  assets: [{ path: 'assets/index-abc.js', size: 1200, integrity: 'sha256-q83vEjRWeJA=' }],
};

describe('update contracts', () => {
  it('parses the download stream messages', () => {
    expect(dashboardDownloadEventSchema.parse({ type: 'progress', progress: 40 })).toEqual({
      type: 'progress',
      progress: 40,
    });
    expect(dashboardDownloadEventSchema.parse({ type: 'complete' })).toEqual({ type: 'complete' });
    expect(dashboardDownloadEventSchema.safeParse({ type: 'error' }).success).toBe(false);
    expect(
      dashboardDownloadEventSchema.safeParse({ type: 'progress', progress: 101 }).success,
    ).toBe(false);
  });

  it('reads build-info.json as the console build writes it', () => {
    expect(consoleBuildInfoSchema.parse(buildInfo)).toEqual(buildInfo);
    expect(
      consoleBuildInfoSchema.safeParse({
        ...buildInfo,
        assets: [{ ...buildInfo.assets[0], integrity: 'md5-abc' }],
      }).success,
    ).toBe(false);
  });

  it.each([
    [{}, 'current', 'Send the build id of the console that is loaded'],
    [{ current: '' }, 'current', 'Send the build id of the console that is loaded'],
    [
      { current: '../etc/passwd' },
      'current',
      'A build id may contain only letters, numbers, dots, hyphens and underscores',
    ],
  ])('check query %j: %s says "%s"', (query, path, message) => {
    expect(messagesAt(dashboardUpdateCheckQuerySchema, query, path)).toEqual([message]);
  });

  it('asks apply for both builds and distribute for a version', () => {
    expect(messagesAt(dashboardApplyBodySchema, { current: 'a' }, 'build')).toEqual([
      'Send the build id of the console that is loaded',
    ]);
    expect(messagesAt(mobileDistributeBodySchema, { platform: 'android' }, 'version')).toHaveLength(
      1,
    );
    expect(
      messagesAt(mobileDistributeBodySchema, { platform: 'android', version: ' ' }, 'version'),
    ).toEqual(['Choose the version to distribute']);
    expect(
      mobileDistributeBodySchema.safeParse({ platform: 'windows', version: '1.0' }).success,
    ).toBe(false);
  });
});
