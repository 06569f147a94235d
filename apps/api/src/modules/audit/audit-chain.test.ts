import { defaultCompanySettings } from '@patrol/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, type AuditLogRow } from '../../db/schema';
import { canonicalJson, parseNumbersAsText } from './audit-canonical';
import { describeAuditChainVerdict, verifyAuditChain } from './audit-chain.service';
import { recordAudit } from './audit.service';
import { type TestContext, buildUserForm, createTestContext } from '../../../test/builders';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = await t.signIn('superadmin');
  for (const companyName of ['One Sdn Bhd', 'Two Sdn Bhd', 'Three Sdn Bhd']) {
    await api()
      .put('/api/settings')
      .set(bearer(token))
      .send({ ...defaultCompanySettings, companyName })
      .expect(200);
  }
  await api().post('/api/users').set(bearer(token)).send(buildUserForm()).expect(201);
  await db().execute(sql`create table audit_log_kept (like audit_log)`);
});
afterAll(() => t.close());

const api = () => request(t.app);
const bearer = (value: string) => ({ Authorization: `Bearer ${value}` });
const db = () => t.database.db;

async function chainRows(): Promise<AuditLogRow[]> {
  return db().select().from(auditLog).orderBy(asc(auditLog.seq));
}

/** Runs a change the way an intruder with database access would: the triggers switched off. */
async function behindTheTriggers(change: () => Promise<unknown>): Promise<void> {
  await db().execute(sql`alter table audit_log disable trigger user`);
  try {
    await change();
  } finally {
    await db().execute(sql`alter table audit_log enable trigger user`);
  }
}

/** Keeps a copy of a row (in SQL: a Date would drop the microseconds the hash covers). */
async function keep(row: AuditLogRow) {
  await db().execute(sql`insert into audit_log_kept select * from audit_log where id = ${row.id}`);
  return row;
}

/** Puts the kept rows back exactly as they were, so the next test starts from a whole chain. */
function restore() {
  return behindTheTriggers(async () => {
    await db().execute(sql`delete from audit_log where id in (select id from audit_log_kept)`);
    await db().execute(sql`insert into audit_log select * from audit_log_kept`);
    await db().execute(sql`delete from audit_log_kept`);
  });
}

describe('the audit chain', () => {
  it('links every row at commit, the first to the genesis hash, and verifies whole', async () => {
    const rows = await chainRows();
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4]);
    expect(rows[0]!.prevHash).toBe('0'.repeat(64));
    for (const [index, row] of rows.entries()) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      if (index > 0) expect(row.prevHash).toBe(rows[index - 1]!.hash);
    }
    const verdict = await verifyAuditChain(db(), 3);
    expect(verdict).toEqual({ ok: true, count: 4, headHash: rows.at(-1)!.hash });
    expect(describeAuditChainVerdict(verdict)).toMatch(/^OK: the audit trail's 4 rows/);
  });

  it('records the request id of the change', async () => {
    await api()
      .put('/api/settings')
      .set(bearer(token))
      .set('x-request-id', 'req-audit-chain-1')
      .send({ ...defaultCompanySettings, companyName: 'Four Sdn Bhd' })
      .expect(200);
    const [last] = (await chainRows()).slice(-1);
    expect(last).toMatchObject({ action: 'settings.updated', requestId: 'req-audit-chain-1' });
  });

  it('finds a row edited directly in the database, naming it', async () => {
    const second = await keep((await chainRows())[1]!);
    await behindTheTriggers(() =>
      db()
        .update(auditLog)
        .set({ changes: { companyName: { before: '', after: 'Forged Sdn Bhd' } } })
        .where(eq(auditLog.id, second!.id)),
    );
    const verdict = await verifyAuditChain(db());
    expect(verdict).toMatchObject({
      ok: false,
      checked: 1,
      broken: { id: second!.id, seq: 2, reason: expect.stringMatching(/content does not match/) },
    });
    const text = describeAuditChainVerdict(verdict);
    expect(text).toContain(
      `row ${second!.id} (seq 2, ${second!.createdAt.toISOString().slice(0, 19)}`,
    );
    await restore();
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('finds a row whose hash was recomputed after an edit, at the row after it', async () => {
    const [, , third] = await chainRows();
    const second = await keep((await chainRows())[1]!);
    await behindTheTriggers(async () => {
      await db()
        .update(auditLog)
        .set({ action: 'user.nothing' })
        .where(eq(auditLog.id, second!.id));
      await db().execute(
        sql`update audit_log set hash = audit_row_hash(audit_log, seq, prev_hash) where id = ${second!.id}`,
      );
    });
    // The edited row's own hash now holds; the chain breaks at the next link.
    expect(await verifyAuditChain(db())).toMatchObject({
      ok: false,
      broken: { id: third!.id, reason: expect.stringMatching(/previous hash/) },
    });
    await restore();
  });

  it('finds a deleted row at the row after it', async () => {
    const [, , third] = await chainRows();
    const second = await keep((await chainRows())[1]!);
    await behindTheTriggers(() => db().delete(auditLog).where(eq(auditLog.id, second!.id)));
    expect(await verifyAuditChain(db())).toMatchObject({
      ok: false,
      checked: 1,
      broken: { id: third!.id, seq: 3, reason: 'row 2 of the chain is missing before it' },
    });
    await restore();
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('finds the last row deleted, by the chain head', async () => {
    const rows = await chainRows();
    const last = await keep(rows.at(-1)!);
    await behindTheTriggers(() => db().delete(auditLog).where(eq(auditLog.id, last.id)));
    expect(await verifyAuditChain(db())).toMatchObject({
      ok: false,
      broken: { id: rows.at(-2)!.id, reason: expect.stringMatching(/rows after it are missing/) },
    });
    await restore();
  });

  it('finds a row slipped in outside the chain', async () => {
    await behindTheTriggers(() =>
      db().insert(auditLog).values({ action: 'user.created', entityType: 'user', entityId: 'x' }),
    );
    const verdict = await verifyAuditChain(db());
    expect(verdict).toMatchObject({ ok: false, broken: { seq: null, reason: /not in the chain/ } });
    await behindTheTriggers(() => db().delete(auditLog).where(eq(auditLog.entityId, 'x')));
  });

  it('refuses to update, delete or truncate stored rows', async () => {
    const [first] = await chainRows();
    await expect(
      db().update(auditLog).set({ action: 'x' }).where(eq(auditLog.id, first!.id)),
    ).rejects.toThrow();
    await expect(db().delete(auditLog).where(eq(auditLog.id, first!.id))).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('stays whole under concurrent writers, each transaction linked at its commit', async () => {
    const before = (await chainRows()).length;
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        db().transaction(async (tx) => {
          for (const part of ['a', 'b']) {
            await recordAudit(tx, {
              actorId: null,
              requestId: `concurrent-${index}`,
              action: 'settings.updated',
              entityType: 'settings',
              entityId: `concurrent-${index}`,
              before: { part: null },
              after: { part },
            });
          }
        }),
      ),
    );
    const rows = await chainRows();
    expect(rows).toHaveLength(before + 24);
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
    expect(await verifyAuditChain(db(), 5)).toMatchObject({ ok: true, count: before + 24 });
  });

  it('hashes nothing of a transaction that rolls back', async () => {
    const before = await verifyAuditChain(db());
    await expect(
      db().transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: null,
          action: 'settings.updated',
          entityType: 'settings',
          entityId: 'rolled-back',
          before: null,
          after: { value: 1 },
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await verifyAuditChain(db())).toEqual(before);
  });
});

describe('the canonical serialisation', () => {
  const awkward = {
    zeta: 'quote " backslash \\ newline \n tab \t bell \u0007 é 漢字 😀',
    alpha: [1, 1.5, -0.25, 100000000000000000000000, { b: true, a: null }, [2, 'x', [false]]],
    scalars: ['text', true, false, null, 0, 'quote " in an array'],
    Beta: { nested: { money: '12.50', count: 3 } },
    '': 'empty key',
    é: 'after ascii',
  };

  it('matches the database function byte for byte', async () => {
    const json = JSON.stringify(awkward);
    const [row] = (
      await db().execute<{ canonical: string; printed: string }>(
        sql`select audit_canonical_json(${json}::jsonb) as canonical, ${json}::jsonb::text as printed`,
      )
    ).rows;
    expect(canonicalJson(parseNumbersAsText(row!.printed))).toBe(row!.canonical);
  });

  it('sorts keys by code point, drops whitespace and writes numbers as text', () => {
    expect(canonicalJson(parseNumbersAsText('{"b": [1.50, 2], "a": {"y": null, "x": "1"}}'))).toBe(
      '{"a":{"x":"1","y":null},"b":["1.50","2"]}',
    );
  });
});
