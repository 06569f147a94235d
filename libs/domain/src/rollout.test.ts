import { describe, expect, it } from 'vitest';
import { crashFreeRate, isInRollout, rolloutBucket } from './rollout';

describe('rolloutBucket', () => {
  it('is stable for a device and release, and spread over 0-99', () => {
    expect(rolloutBucket('device-1', 'release-a')).toBe(rolloutBucket('device-1', 'release-a'));
    const buckets = Array.from({ length: 2000 }, (_, n) => rolloutBucket(`device-${n}`, 'r'));
    expect(Math.min(...buckets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...buckets)).toBeLessThan(100);
    // Roughly a tenth of devices land under 10.
    const underTen = buckets.filter((bucket) => bucket < 10).length;
    expect(underTen).toBeGreaterThan(140);
    expect(underTen).toBeLessThan(260);
  });

  it('keeps a device in as the percentage grows', () => {
    const devices = Array.from({ length: 500 }, (_, n) => `device-${n}`);
    const at = (percent: number) => devices.filter((device) => isInRollout(device, 'r', percent));
    const ten = at(10);
    const fifty = at(50);
    expect(ten.every((device) => fifty.includes(device))).toBe(true);
    expect(at(0)).toEqual([]);
    expect(at(100)).toHaveLength(500);
  });
});

describe('crashFreeRate', () => {
  it.each([
    [0, 0, null],
    [10, 0, 100],
    [10, 1, 90],
    [3, 1, 66.7],
    [4, 9, 0],
  ])('%i devices, %i crashed: %s', (reporting, crashed, rate) => {
    expect(crashFreeRate(reporting, crashed)).toBe(rate);
  });
});
