import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../test/builders';
import { createTestDatabase } from '../../test/test-database';
import { isAnyOf } from './any-of';
import type { Database } from './client';
import { clients } from './schema';

describe('isAnyOf', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('finds the rows among more ids than PostgreSQL takes parameters', async () => {
    const client = await buildClient({ database });
    const ids: string[] = Array.from({ length: 100_000 }, () => randomUUID());
    ids[70_000] = client.id;
    const found = await database.db
      .select({ id: clients.id })
      .from(clients)
      .where(isAnyOf(clients.id, ids));
    expect(found).toEqual([{ id: client.id }]);
    expect(
      await database.db.select({ id: clients.id }).from(clients).where(isAnyOf(clients.id, [])),
    ).toEqual([]);
  });
});
