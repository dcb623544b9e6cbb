import { type Kysely, sql } from 'kysely';
import { idColumn } from '../db/migrations.js';

/** Users, roles and grants, sessions, application passwords, options, transients. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', ...idColumn(db))
    .addColumn('username', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(191)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(250)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await sql`create index users_lower_email on users (lower(email))`.execute(db);
  await sql`create index users_lower_username on users (lower(username))`.execute(db);

  await db.schema
    .createTable('user_capabilities')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('capability', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_capabilities_pk', ['user_id', 'capability'])
    .execute();

  await db.schema
    .createTable('role_capabilities')
    .addColumn('role', 'varchar(40)', (c) => c.notNull())
    .addColumn('capability', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_capabilities_pk', ['role', 'capability'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('application_passwords')
    .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_id', 'varchar(36)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('last_used', 'varchar(19)')
    .addColumn('last_ip', 'varchar(45)')
    .execute();
  await db.schema
    .createIndex('application_passwords_user')
    .on('application_passwords')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('options')
    .addColumn('name', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('transients')
    .addColumn('name', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(19)')
    .execute();
  await db.schema.createIndex('transients_expires').on('transients').column('expires_at').execute();
}
