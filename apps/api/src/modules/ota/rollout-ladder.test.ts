import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, otaVersions } from '../../db/schema';
import { bearer, createTestContext, type TestContext } from '../../../test/builders';
import { releaseHealthFixture } from './release-health-test-fixture';

let t: TestContext;
let editor: string;
let viewer: string;
const f = releaseHealthFixture(() => t);

beforeAll(async () => {
  t = await createTestContext();
  editor = await t.signIn('Admin');
  // Releases are rolled out with ota.activate; settings.edit alone is no longer asked.
  viewer = await t.signIn('Admin', { customDenied: ['ota.activate'] });
});
afterAll(() => t.close());
beforeEach(() => f.clear());

const staged = () =>
  f.release({ version: '8.1.0', versionCode: 81, isActive: true, rolloutPercent: 5 });
const act = (id: string, body: object, token = editor) =>
  request(t.app).post(`/api/ota/versions/${id}/rollout-action`).set(bearer(token)).send(body);
const ladder = (id: string, body: object, token = editor) =>
  request(t.app).put(`/api/ota/versions/${id}/ladder`).set(bearer(token)).send(body);
const actions = async (id: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map(
    (entry) => entry.action,
  );

describe('POST /api/ota/versions/{id}/rollout-action', () => {
  it('holds, advances, halts and resumes by hand: audited and announced', async () => {
    const release = await staged();
    const held = await act(release.id, { action: 'hold' }).expect(200);
    expect(held.body.message).toBe('Rollout of 8.1.0 held at 5%');
    expect(held.body.version.ladder.state).toBe('held');

    const advanced = await act(release.id, { action: 'advance' }).expect(200);
    expect(advanced.body.version).toMatchObject({ rolloutPercent: 10 });
    expect(advanced.body.message).toBe('Rollout of 8.1.0 advanced to 10% (by hand)');

    const halted = await act(release.id, { action: 'halt', reason: 'Guards report freezes' });
    expect(halted.status).toBe(200);
    expect(halted.body.version).toMatchObject({
      rolloutPauseReason: 'Guards report freezes',
      ladder: expect.objectContaining({ state: 'halted', haltRule: 'manual' }),
    });
    expect(t.published).toContainEqual({
      event: 'ota_update',
      payload: expect.objectContaining({ type: 'rollout_halted', version: '8.1.0' }),
    });
    // Halted: no advance and no second halt until resumed.
    const refused = await act(release.id, { action: 'advance' }).expect(409);
    expect(refused.body.message).toBe('The rollout is halted: resume it before advancing');
    await act(release.id, { action: 'halt' }).expect(409);

    const resumed = await act(release.id, { action: 'resume' }).expect(200);
    expect(resumed.body.version).toMatchObject({ rolloutPausedAt: null, rolloutPercent: 10 });
    await act(release.id, { action: 'resume' }).expect(409);
    await act(release.id, { action: 'release' }).expect(200);
    expect(await actions(release.id)).toEqual(
      expect.arrayContaining([
        'ota.rollout_held',
        'ota.rollout_advanced',
        'ota.rollout_halted',
        'ota.rollout_resumed',
        'ota.rollout_released',
      ]),
    );
  });

  it('refuses to advance past 100 % or an inactive release (409)', async () => {
    const full = await f.release({ version: '8.2.0', versionCode: 82, isActive: true });
    expect((await act(full.id, { action: 'advance' }).expect(409)).body.message).toBe(
      'The rollout is already at 100%',
    );
    const idle = await f.release({ version: '8.0.0', versionCode: 80, rolloutPercent: 5 });
    await act(idle.id, { action: 'advance' }).expect(409);
  });

  it('refuses an unknown action (400), staff without ota.activate (403), an unknown release (404)', async () => {
    const release = await staged();
    const bad = await act(release.id, { action: 'jump' }).expect(400);
    expect(bad.body.errors).toHaveProperty('action');
    await act(release.id, { action: 'hold' }, viewer).expect(403);
    await act('9.9.9', { action: 'hold' }).expect(404);
  });
});

describe('PUT /api/ota/versions/{id}/ladder', () => {
  it('sets the steps and minimums, audited', async () => {
    const release = await staged();
    const response = await ladder(release.id, {
      steps: [2, 20, 100],
      minMinutes: 30,
      minSessions: 50,
    }).expect(200);
    expect(response.body.version.ladder).toMatchObject({
      steps: [2, 20, 100],
      minMinutes: 30,
      minSessions: 50,
      nextStep: 20,
    });
    const [row] = await t.database.db
      .select()
      .from(otaVersions)
      .where(eq(otaVersions.id, release.id));
    expect(row!.rolloutLadder).toEqual([2, 20, 100]);
    expect(await actions(release.id)).toContain('ota.rollout_ladder_changed');
  });

  it('refuses steps that do not rise to 100 (400), without ota.activate (403), unknown (404)', async () => {
    const release = await staged();
    const bad = await ladder(release.id, { steps: [10, 5, 100] }).expect(400);
    expect(bad.body.errors.steps).toBe(
      'Steps must rise from 1 to 100 percent and end at 100 (at most 10 steps)',
    );
    await ladder(release.id, { steps: [1, 50] }).expect(400);
    await ladder(release.id, { steps: [1, 100] }, viewer).expect(403);
    await ladder('9.9.9', { steps: [1, 100] }).expect(404);
  });
});
