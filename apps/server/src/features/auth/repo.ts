import { sql } from 'kysely';
import type { Db } from '../../db';

export const findUserByUsername = (db: Db, username: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
