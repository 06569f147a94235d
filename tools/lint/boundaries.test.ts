import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import * as schema from '../../apps/api/src/db/schema';
import { tableOwners } from '../../eslint/table-owners.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundary messages ESLint reports for `code` placed at `filePath` (relative to the root). */
async function boundaryErrors(
  filePath: string,
  code: string,
  ruleId = 'no-restricted-imports',
): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result!.messages
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}

const reexport = (specifier: string) => `export * from '${specifier}';\n`;

describe('import boundaries', () => {
  it('refuse a module reaching into another module, and allow its service', async () => {
    const file = 'apps/api/src/modules/clients/zz-fixture.ts';
    expect(await boundaryErrors(file, reexport('../licences/licences.repo'))).toEqual([
      expect.stringContaining('only through its *.service.ts'),
    ]);
    expect(await boundaryErrors(file, reexport('../licences/licences.presenter'))).toHaveLength(1);
    expect(await boundaryErrors(file, reexport('../licences/licences.service'))).toEqual([]);
    expect(await boundaryErrors(file, reexport('./clients.repo'))).toEqual([]);
  });

  it('refuse a service running queries or taking Express req/res, and let it name row types', async () => {
    const file = 'apps/api/src/modules/clients/zz-fixture.service.ts';
    const serviceErrors = (code: string) =>
      boundaryErrors(file, code, '@typescript-eslint/no-restricted-imports');
    const queryRule = expect.stringContaining('A service does not run queries');
    expect(
      await serviceErrors("import { sql } from 'drizzle-orm';\nexport const q = sql`1`;\n"),
    ).toEqual([queryRule]);
    expect(
      await serviceErrors(
        "import { clients } from '../../db/schema';\nexport const t = clients;\n",
      ),
    ).toEqual([queryRule]);
    expect(
      await serviceErrors(
        "import type { ClientRow } from '../../db/schema';\nexport type R = ClientRow;\n",
      ),
    ).toEqual([]);
    // Nor does it take Express's request or response, even as a type; its route adapts HTTP.
    expect(
      await serviceErrors("import type { Request } from 'express';\nexport type R = Request;\n"),
    ).toEqual([expect.stringContaining('never Express req/res')]);
    // A repo runs them.
    expect(
      await boundaryErrors(
        'apps/api/src/modules/clients/zz-fixture.repo.ts',
        "import { sql } from 'drizzle-orm';\nexport const q = sql`1`;\n",
        '@typescript-eslint/no-restricted-imports',
      ),
    ).toEqual([]);
  });

  it("refuse a module importing another module's table from the schema, at any depth", async () => {
    const tableRule = expect.stringContaining('only its own tables');
    const file = 'apps/api/src/modules/devices/zz-fixture.ts';
    expect(await boundaryErrors(file, "import { licences } from '../../db/schema';\n")).toEqual([
      tableRule,
    ]);
    expect(
      await boundaryErrors(
        'apps/api/src/modules/devices/nested/zz-fixture.ts',
        "import { clients } from '../../../db/schema';\n",
      ),
    ).toEqual([tableRule]);
    expect(await boundaryErrors(file, "import { users } from '../../db/schema/users';\n")).toEqual([
      tableRule,
    ]);
    // Row types are not tables: a module may name another module's row shape.
    expect(
      await boundaryErrors(file, "import type { LicenceRow } from '../../db/schema';\n"),
    ).toEqual([]);
  });

  it('give every table of the schema an owner', () => {
    const tables = Object.entries(schema)
      .filter(([, value]) => is(value, PgTable))
      .map(([name]) => name);
    expect(tables.filter((table) => !(table in tableOwners))).toEqual([]);
    expect(Object.keys(tableOwners).filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('let a module import its own tables, and tests seed any table', async () => {
    const own = "import { licences } from '../../db/schema';\n";
    expect(await boundaryErrors('apps/api/src/modules/licences/zz-fixture.ts', own)).toEqual([]);
    expect(await boundaryErrors('apps/api/src/modules/devices/zz-fixture.test.ts', own)).toEqual(
      [],
    );
    // The module rule still holds in tests.
    expect(
      await boundaryErrors(
        'apps/api/src/modules/devices/zz-fixture.test.ts',
        reexport('../licences/licences.repo'),
      ),
    ).toHaveLength(1);
  });

  it('let the billing read model read billing tables, and nothing it does not own besides', async () => {
    const file = 'apps/api/src/modules/business-reports/zz-fixture.ts';
    expect(
      await boundaryErrors(file, "import { invoices, receipts } from '../../db/schema';\n"),
    ).toEqual([]);
    expect(await boundaryErrors(file, "import { users } from '../../db/schema';\n")).toHaveLength(
      1,
    );
  });

  it('refuse infrastructure importing a module', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/http/zz-fixture.ts',
      reexport('../modules/users/users.service'),
    );
    expect(errors).toEqual([expect.stringContaining('Infrastructure never imports a module')]);
  });

  it('let the composition root import services and routes only', async () => {
    const file = 'apps/api/src/zz-fixture.ts';
    expect(await boundaryErrors(file, reexport('./modules/auth/auth.repo'))).toHaveLength(1);
    expect(await boundaryErrors(file, reexport('./modules/auth/auth.routes'))).toEqual([]);
  });

  it('refuse a console feature importing another feature, and allow lib/', async () => {
    const file = 'apps/console/src/features/clients/components/zz-fixture.tsx';
    expect(await boundaryErrors(file, reexport('@/features/licences/api/get-licences'))).toEqual([
      expect.stringContaining('never imports another feature'),
    ]);
    expect(await boundaryErrors(file, reexport('../../users/api/get-users'))).toHaveLength(1);
    expect(await boundaryErrors(file, reexport('@/features/clients/api/get-clients'))).toEqual([]);
    expect(await boundaryErrors(file, reexport('@/lib/cn'))).toEqual([]);
  });

  it('refuse shared console code importing a feature', async () => {
    const errors = await boundaryErrors(
      'apps/console/src/lib/zz-fixture.ts',
      reexport('@/features/users/api/get-users'),
    );
    expect(errors).toHaveLength(1);
  });

  it('keep the projects pointing one way: contracts import no other project', async () => {
    const errors = await boundaryErrors(
      'libs/contracts/src/zz-fixture.ts',
      reexport('@patrol/domain'),
    );
    expect(errors).toEqual([expect.stringContaining('Contracts import only zod')]);
  });
});
