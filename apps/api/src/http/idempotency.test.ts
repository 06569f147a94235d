import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentRequests, products } from '../db/schema';
import { bearer, buildProductForm, createTestContext, type TestContext } from '../../test/builders';

describe('Idempotency-Key on billing mutations', () => {
  let t: TestContext;
  let admin: string;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestContext();
    const { user, token } = await t.createUserWithToken({ role: 'Admin' });
    [admin, adminId] = [token, user.id];
  });
  afterAll(() => t.close());

  const create = (key: string | undefined, body: object, token = admin) => {
    const pending = request(t.app).post('/api/business/products').set(bearer(token));
    return (key === undefined ? pending : pending.set('Idempotency-Key', key)).send(body);
  };
  const countNamed = async (name: string) =>
    (await t.database.db.select().from(products).where(eq(products.name, name))).length;

  it('acts once and replays the first answer to a repeat', async () => {
    const key = randomUUID();
    const form = buildProductForm();
    const first = await create(key, form).expect(201);
    const repeat = await create(key, form).expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(repeat.body).toEqual(first.body);
    expect(await countNamed(form.name)).toBe(1);
  });

  it('runs a request without the header every time', async () => {
    const form = buildProductForm();
    await create(undefined, form).expect(201);
    await create(undefined, form).expect(201);
    expect(await countNamed(form.name)).toBe(2);
  });

  it('refuses the same key for a different request (400) and a malformed key (400)', async () => {
    const key = randomUUID();
    await create(key, buildProductForm()).expect(201);
    const reused = await create(key, buildProductForm()).expect(400);
    expect(reused.body.message).toBe(
      'This Idempotency-Key was already used for a different request',
    );
    const malformed = await create('with space', buildProductForm()).expect(400);
    expect(malformed.body.errors).toEqual({
      'Idempotency-Key': 'Idempotency-Key must be 1 to 255 visible ASCII characters',
    });
  });

  it('forgets a refused request, so the fixed one may use the same key', async () => {
    const key = randomUUID();
    await create(key, { name: '' }).expect(400);
    const form = buildProductForm();
    await create(key, form).expect(201);
    expect(await countNamed(form.name)).toBe(1);
  });

  it("keeps each user's keys apart", async () => {
    const key = randomUUID();
    const other = await t.signIn('Admin');
    const form = buildProductForm();
    await create(key, form).expect(201);
    const theirs = await create(key, form, other).expect(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await countNamed(form.name)).toBe(2);
  });

  it('lets one of two simultaneous repeats act; the other waits its turn or is replayed', async () => {
    const key = randomUUID();
    const form = buildProductForm();
    const answers = await Promise.all([create(key, form), create(key, form)]);
    expect(answers.map((answer) => answer.status)).toContain(201);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(await countNamed(form.name)).toBe(1);
  });

  it('frees a claim left unanswered by a crashed process after a minute', async () => {
    const key = randomUUID();
    await t.database.db.insert(idempotentRequests).values({
      userId: adminId,
      key,
      fingerprint: 'cut off before answering',
      createdAt: new Date(Date.now() - 2 * 60 * 1000),
    });
    const form = buildProductForm();
    await create(key, form).expect(201);
    expect(await countNamed(form.name)).toBe(1);
  });
});
