import { sql } from 'kysely';
import type { Db } from '../../db';

export const findUserByUsername = (db: Db, username: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();

export const findUserById = (db: Db, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function countRecentFailures(db: Db, usernameKey: string, ip: string, since: Date) {
  const row = await db
    .selectFrom('login_failures')
    .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(created_at)`.as('oldest')])
    .where('username_key', '=', usernameKey)
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: row.count, oldest: row.oldest ? new Date(row.oldest) : null };
}

export const recordFailure = (db: Db, usernameKey: string, ip: string, at: Date) =>
  db.insertInto('login_failures').values({ username_key: usernameKey, ip, created_at: at }).execute();

export const clearFailures = (db: Db, usernameKey: string, ip: string) =>
  db.deleteFrom('login_failures').where('username_key', '=', usernameKey).where('ip', '=', ip).execute();
