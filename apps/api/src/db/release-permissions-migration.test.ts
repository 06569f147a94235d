import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './client';
import { resolveMigrationsFolder } from './migrate';

/**
 * Migration 0031 run again on users stored the way they were before it: whoever reached crash
 * reports, releases and system status through the settings keys keeps exactly that.
 */
const statements = readFileSync(
  join(resolveMigrationsFolder(), '0031_release_permissions.sql'),
  'utf8',
).split('--> statement-breakpoint');

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function insertUser(
  name: string,
  permissions: string[],
  granted: string[],
  denied: string[],
) {
  await database.db.execute(sql`
    insert into users (username, email, password_hash, full_name, role, permissions, custom_granted, custom_denied)
    values (${name}, ${`${name}@example.com`}, 'x', ${name}, 'manager',
      ${JSON.stringify(permissions)}::jsonb, ${JSON.stringify(granted)}::jsonb, ${JSON.stringify(denied)}::jsonb)`);
}

async function stored(name: string) {
  const result = await database.db.execute<{
    permissions: string[];
    custom_granted: string[];
    custom_denied: string[];
  }>(sql`select permissions, custom_granted, custom_denied from users where username = ${name}`);
  return result.rows[0]!;
}

describe('migration 0031: release permissions', () => {
  it('gives the new keys to whoever held the settings keys, grants and denials alike', async () => {
    await insertUser('editor', ['dashboard.view', 'settings.view', 'settings.edit'], [], []);
    await insertUser('viewer', ['settings.view'], [], []);
    await insertUser('seller', ['dashboard.view', 'clients.view'], [], []);
    await insertUser('granted', [], ['settings.edit'], ['settings.view']);
    for (const statement of statements) await database.db.execute(sql.raw(statement));

    expect((await stored('editor')).permissions).toEqual([
      'dashboard.view',
      'settings.view',
      'settings.edit',
      'crashes.view',
      'ota.view',
      'system.view',
      'crashes.manage',
      'ota.upload',
      'ota.activate',
    ]);
    expect((await stored('viewer')).permissions).toEqual([
      'settings.view',
      'crashes.view',
      'ota.view',
      'system.view',
    ]);
    expect((await stored('seller')).permissions).toEqual(['dashboard.view', 'clients.view']);
    expect(await stored('granted')).toEqual({
      permissions: [],
      custom_granted: ['settings.edit', 'crashes.manage', 'ota.upload', 'ota.activate'],
      custom_denied: ['settings.view', 'crashes.view', 'ota.view', 'system.view'],
    });
  });
});
