import { sql, type Kysely } from 'kysely';

// Governance (issue 8): organisations gain description, domains, status and time zone; roles
// with permissions per organisation; users hold one role; data access groups with their
// sources, members and restrictions; the audit log of queries through audit-logged groups.
//
// The permission lists are written out here on purpose: a migration must not depend on
// today's code (contracts may change; this file never does).

const ALL = [
  'users.read',
  'users.write',
  'users.delete',
  'orgs.read',
  'orgs.write',
  'data.read',
  'data.write',
  'reports.view',
];
const MANAGER = ['users.read', 'orgs.read', 'data.read', 'data.write', 'reports.view'];
const USER = ['data.read', 'reports.view'];
const json = (list: string[]) => `'${JSON.stringify(list)}'::jsonb`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('domains', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'inactive')`),
    )
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // admin, manager, user: the sample roles every organisation starts with; null: made by an administrator.
    .addColumn('key', 'text', (c) => c.check(sql`key in ('admin', 'manager', 'user')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index roles_org_name on roles (org_id, lower(name))`.execute(db);
  await sql`create unique index roles_org_key on roles (org_id, key) where key is not null`.execute(db);

  // Every organisation, however it is created (first start, the Organizations tab, a test), has
  // the three sample roles.
  await sql
    .raw(
      `create function governance_sample_roles() returns trigger language plpgsql as $$
      begin
        insert into roles (org_id, key, name, description, permissions) values
          (new.id, 'admin', 'Admin', 'Full system access', ${json(ALL)}),
          (new.id, 'manager', 'Manager', 'Limited management access', ${json(MANAGER)}),
          (new.id, 'user', 'User', 'Basic access', ${json(USER)});
        return new;
      end $$`,
    )
    .execute(db);
  await sql`insert into roles (org_id, key, name, description, permissions)
    select o.id, r.key, r.name, r.description, r.permissions from organizations o
    cross join (values
      ('admin', 'Admin', 'Full system access', ${sql.raw(json(ALL))}),
      ('manager', 'Manager', 'Limited management access', ${sql.raw(json(MANAGER))}),
      ('user', 'User', 'Basic access', ${sql.raw(json(USER))})
    ) as r(key, name, description, permissions)`.execute(db);
  await sql`create trigger organizations_sample_roles after insert on organizations for each row execute function governance_sample_roles()`.execute(
    db,
  );

  await db.schema
    .alterTable('users')
    .addColumn('role_id', 'integer', (c) => c.references('roles.id'))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('deactivated_at', 'timestamptz')
    .execute();
  // Existing administrators get Admin, everybody else User.
  await sql`update users set role_id = r.id from roles r
    where r.org_id = users.org_id and r.key = case when users.is_admin then 'admin' else 'user' end`.execute(
    db,
  );
  await db.schema
    .alterTable('users')
    .alterColumn('role_id', (c) => c.setNotNull())
    .execute();
  await db.schema.createIndex('users_role').on('users').column('role_id').execute();

  // A user inserted without a role gets Admin when flagged is_admin or when they are the first
  // user of their organisation (an organisation always has an administrator), else User. The
  // role must belong to the user's organisation, and is_admin always mirrors "holds Admin".
  await sql`create function governance_user_role() returns trigger language plpgsql as $$
    begin
      if new.role_id is null then
        select id into new.role_id from roles
          where org_id = new.org_id
            and key = case when new.is_admin or not exists (select 1 from users u where u.org_id = new.org_id) then 'admin' else 'user' end;
      end if;
      if not exists (select 1 from roles where id = new.role_id and org_id = new.org_id) then
        raise exception 'role % does not belong to organisation %', new.role_id, new.org_id using errcode = '23503';
      end if;
      new.is_admin := exists (select 1 from roles where id = new.role_id and key = 'admin');
      return new;
    end $$`.execute(db);
  await sql`create trigger users_role before insert or update of role_id, org_id on users for each row execute function governance_user_role()`.execute(
    db,
  );

  await db.schema
    .createTable('data_access_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('restrictions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index data_access_groups_org_name on data_access_groups (org_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('data_access_group_sources')
    .addColumn('group_id', 'integer', (c) =>
      c.notNull().references('data_access_groups.id').onDelete('cascade'),
    )
    .addColumn('conn_id', 'integer', (c) => c.notNull().references('data_connections.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('data_access_group_sources_pk', ['group_id', 'conn_id'])
    .execute();
  await db.schema
    .createIndex('data_access_group_sources_conn')
    .on('data_access_group_sources')
    .column('conn_id')
    .execute();

  await db.schema
    .createTable('data_access_group_members')
    .addColumn('group_id', 'integer', (c) =>
      c.notNull().references('data_access_groups.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('data_access_group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('data_access_group_members_user')
    .on('data_access_group_members')
    .column('user_id')
    .execute();

  // Kept when the source or the user goes: an audit trail outlives what it describes.
  await db.schema
    .createTable('data_access_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('conn_id', 'integer', (c) => c.notNull())
    .addColumn('conn_name', 'text', (c) => c.notNull())
    .addColumn('question', 'text')
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer')
    .addColumn('error', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('data_access_audit_org_at')
    .on('data_access_audit')
    .columns(['org_id', 'at'])
    .execute();
  await db.schema
    .createIndex('data_access_audit_conn')
    .on('data_access_audit')
    .columns(['org_id', 'conn_id', 'at'])
    .execute();
}
