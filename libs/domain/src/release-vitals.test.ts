import { describe, expect, it } from 'vitest';
import {
  compareCrashFreeSessions,
  haltVerdict,
  wilsonInterval,
  type HaltInput,
} from './release-halt-rules';
import { isValidLadder, mayClimb, nextLadderStep, rolloutState } from './release-ladder';
import {
  adoptionRate,
  releaseVitals,
  sumSessions,
  type DailyUsers,
  type SessionCounts,
} from './release-vitals';

const hour = (started: number, crashed: number, abnormal = 0, anr = 0): SessionCounts => ({
  started,
  exited: started - crashed - abnormal,
  crashed,
  abnormal,
  anr,
});

describe('release vitals from known sessions', () => {
  // Three hours of sessions: 400 + 350 + 250 = 1,000 started, 3 + 4 + 0 = 7 crashed.
  const hours = [hour(400, 3, 2, 1), hour(350, 4, 0, 0), hour(250, 0, 1, 1)];
  // Two days: 300 then 500 daily users; 4 then 5 with a user-perceived crash; 1 then 2 with an ANR.
  const days: DailyUsers[] = [
    { day: '2026-11-26', users: 300, perceivedCrashUsers: 4, perceivedAnrUsers: 1 },
    { day: '2026-11-27', users: 500, perceivedCrashUsers: 5, perceivedAnrUsers: 2 },
  ];

  it('computes every figure to the decimal', () => {
    const sessions = sumSessions(hours);
    expect(sessions).toEqual({ started: 1000, exited: 990, crashed: 7, abnormal: 3, anr: 2 });
    const vitals = releaseVitals({
      sessions,
      devices: { devices: 640, crashedDevices: 9 },
      days,
    });
    // 993 / 1000 sessions without a crash.
    expect(vitals.crashFreeSessions).toBe(99.3);
    // 631 / 640 devices = 98.59375 %, shown to two decimals.
    expect(vitals.crashFreeDevices).toBe(98.59);
    // (4 + 5) / (300 + 500) = 1.125 % -> 1.13 (user-weighted across the days, as Play does).
    expect(vitals.userPerceivedCrashRate).toBe(1.13);
    // (1 + 2) / 800 = 0.375 % -> 0.38.
    expect(vitals.userPerceivedAnrRate).toBe(0.38);
    expect(vitals.userDays).toBe(800);
    // 640 of 2,560 active devices run it.
    expect(adoptionRate(640, 2560)).toBe(25);
  });

  it('has no rate before any session or device', () => {
    const vitals = releaseVitals({
      sessions: sumSessions([]),
      devices: { devices: 0, crashedDevices: 0 },
      days: [],
    });
    expect(vitals).toMatchObject({
      crashFreeSessions: null,
      crashFreeDevices: null,
      userPerceivedCrashRate: null,
      userPerceivedAnrRate: null,
    });
    expect(adoptionRate(0, 0)).toBeNull();
  });
});

describe('statistics', () => {
  it('gives the Wilson interval of a proportion at 95 %', () => {
    const { low, high } = wilsonInterval(990, 1000);
    expect(low).toBeCloseTo(0.98169, 4);
    expect(high).toBeCloseTo(0.99457, 4);
  });

  it('finds a worse crash-free session rate only with enough sessions and evidence', () => {
    // 2.0 % against 1.0 % crashed over 2,000 sessions each: z = 2.60 > 1.96.
    const worse = compareCrashFreeSessions(hour(2000, 40), hour(2000, 20));
    expect(worse).toEqual({ enoughSample: true, z: 2.6, worse: true });
    // The same rates over 500 sessions each: below the minimum sample, no verdict.
    expect(compareCrashFreeSessions(hour(500, 10), hour(500, 5))).toEqual({
      enoughSample: false,
      z: null,
      worse: false,
    });
    // 1.2 % against 1.0 % over 2,000 each: z = 0.6, noise.
    expect(compareCrashFreeSessions(hour(2000, 24), hour(2000, 20)).worse).toBe(false);
  });
});

describe('halt rules', () => {
  const healthy: HaltInput = {
    version: '2.0.0',
    previousVersion: '1.9.0',
    current: hour(2000, 20),
    previous: hour(2000, 20),
    userPerceivedCrashRate: 0.5,
    userPerceivedAnrRate: 0.1,
    userDays: 500,
    sessionsSinceRelease: 2000,
    newGroup: null,
  };

  it('stays quiet while healthy', () => {
    expect(haltVerdict(healthy)).toBeNull();
  });

  it('names the rule that fired and its numbers', () => {
    expect(haltVerdict({ ...healthy, current: hour(2000, 40) })).toEqual({
      rule: 'crashFreeSessions',
      reason:
        'Crash-free sessions 98% (2000 sessions) against 99% (2000) on 1.9.0 over the same hours: worse at 95% confidence (z = 2.6)',
    });
    expect(haltVerdict({ ...healthy, userPerceivedCrashRate: 1.09 })?.rule).toBe('playCrashRate');
    expect(haltVerdict({ ...healthy, userPerceivedAnrRate: 0.47 })?.reason).toBe(
      "User-perceived ANR rate 0.47% of 500 daily users reaches Google Play's bad-behaviour threshold of 0.47%",
    );
    expect(
      haltVerdict({ ...healthy, newGroup: { title: 'NullPointerException', occurrences: 20 } }),
    ).toEqual({
      rule: 'newCrashGroup',
      reason: 'New crash group "NullPointerException" in 20 of 2000 sessions (1%), at least 1%',
    });
  });

  it('does not apply a rule below its minimum sample', () => {
    expect(haltVerdict({ ...healthy, userDays: 99, userPerceivedCrashRate: 5 })).toBeNull();
    expect(
      haltVerdict({
        ...healthy,
        sessionsSinceRelease: 99,
        newGroup: { title: 'X', occurrences: 50 },
      }),
    ).toBeNull();
  });
});

describe('rollout ladder', () => {
  it('validates ladders and finds the next step', () => {
    expect(isValidLadder([1, 5, 10, 25, 50, 100])).toBe(true);
    expect(isValidLadder([5, 1, 100])).toBe(false);
    expect(isValidLadder([1, 50])).toBe(false);
    expect(nextLadderStep([1, 5, 10, 25, 50, 100], 5)).toBe(10);
    expect(nextLadderStep([1, 5, 10, 25, 50, 100], 7)).toBe(10);
    expect(nextLadderStep([1, 5, 100], 100)).toBeNull();
  });

  it('climbs after the minimum time and sessions only', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const base = { minMinutes: 60, minSessions: 200, now };
    const anHourAgo = new Date('2026-11-27T11:00:00Z');
    expect(mayClimb({ ...base, stepStartedAt: anHourAgo, sessionsAtStep: 200 })).toBe(true);
    expect(mayClimb({ ...base, stepStartedAt: anHourAgo, sessionsAtStep: 199 })).toBe(false);
    expect(mayClimb({ ...base, stepStartedAt: now, sessionsAtStep: 5000 })).toBe(false);
  });

  it('reads the state of a rollout', () => {
    const at = (rolloutPercent: number, paused: boolean, rolloutHeld: boolean) =>
      rolloutState({ rolloutPercent, rolloutPausedAt: paused ? new Date() : null, rolloutHeld });
    expect(at(5, false, false)).toBe('climbing');
    expect(at(5, false, true)).toBe('held');
    expect(at(5, true, false)).toBe('halted');
    expect(at(100, false, false)).toBe('complete');
  });
});
