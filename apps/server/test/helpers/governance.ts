import fs from 'node:fs';
import path from 'node:path';
import { importCsvFiles } from '../../src/features/data-sources/import-files';
import { hashPassword } from '../../src/lib/passwords';
import type { TestApp } from './app';

export const MEMBER_PASSWORD = 'Member#pass1';

/** The id of a role of an organisation: a sample role by key, or any role by name. */
export async function roleId(t: TestApp, orgId: number, keyOrName: string): Promise<number> {
  const row = await t.deps.db
    .selectFrom('roles')
    .select('id')
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('key', '=', keyOrName as 'admin'), eb('name', '=', keyOrName)]))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user of the organisation holding the role, signed in. */
export async function userWithRole(
  t: TestApp,
  input: { username: string; orgId: number; role: string },
): Promise<{ id: number; token: string }> {
  const user = await t.deps.db
    .insertInto('users')
    .values({
      org_id: input.orgId,
      role_id: await roleId(t, input.orgId, input.role),
      username: input.username,
      email: `${input.username}@example.com`,
      first_name: input.username[0]!.toUpperCase() + input.username.slice(1),
      last_name: 'Tester',
      password_hash: await hashPassword(MEMBER_PASSWORD),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, token: await t.login(input.username, MEMBER_PASSWORD) };
}

/** A custom role of the organisation with these permissions. */
export async function customRole(
  t: TestApp,
  orgId: number,
  name: string,
  permissions: string[],
): Promise<number> {
  const row = await t.deps.db
    .insertInto('roles')
    .values({ org_id: orgId, name, permissions: JSON.stringify(permissions) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A File Source with one loaded table `sales` (order_id, region, revenue), created on the server's disk. */
export async function csvSource(
  t: TestApp,
  input: { orgId: number; userId: number; name: string; rows?: number },
): Promise<number> {
  const dir = fs.mkdtempSync(path.join(t.deps.config.dataDir, 'fixture-'));
  const file = path.join(dir, 'sales.csv');
  let csv = 'order_id,order_date,region,revenue\n';
  for (let i = 1; i <= (input.rows ?? 30); i++)
    csv += `${i},2026-0${(i % 9) + 1}-1${i % 9},${['Europe', 'Asia', 'Americas'][i % 3]},${(i * 1.25).toFixed(2)}\n`;
  fs.writeFileSync(file, csv);
  const { connId } = await importCsvFiles(t.deps, {
    orgId: input.orgId,
    userId: input.userId,
    name: input.name,
    files: [{ path: file, fileName: 'sales.csv' }],
  });
  await t.deps.dataSources.jobs.idle();
  return connId;
}
