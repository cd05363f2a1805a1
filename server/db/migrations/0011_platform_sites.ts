/**
 * Sites a platform provisions (issue 35, docs/platform-api.md): a site's name, the extra origins its admin is
 * served from besides its admin URL's, and its removal, which keeps its rows (invoices and records stay) but ends
 * its sessions. Users: one per e-mail per site whatever the case (`email_key`, the e-mail trimmed and lowered by
 * the code, unique per site), and a removal that keeps the row (its payment customer hangs on it).
 *
 * The e-mail key is computed here in JavaScript, as the code computes it, rather than with SQL's lower(): SQLite's
 * folds ASCII only, PostgreSQL's the whole of Unicode, and the two must not disagree on who is a duplicate.
 *
 * Rows written before it may hold one e-mail twice in a site under two cases. Each such group is repaired,
 * keeping the site's owner, else the oldest: a duplicate without a payment customer is deleted; one with a
 * customer is kept removed, under a key of its own. What was done is written to the server's log (stderr).
 *
 * The plan a provisioned site starts on: `trial_price_id` and `trial_days`, both null for none (a trial is started
 * at the card provider on the owner's first sign-in when the site has no subscription yet: billing/siteTrial.ts).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations must not depend on the app's current schema types: they describe the database as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** As billing/repositories/users.ts emailKey: the same rule, repeated because a migration must not import the app. */
const emailKeyOf = (email: string) => email.trim().normalize('NFC').toLowerCase();

interface OldUser {
  id: string;
  site_id: string;
  email: string;
  created_at: number;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sites')
    .addColumn('admin_origins_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('sites').addColumn('deleted_at', 'bigint').execute();
  await db.schema.alterTable('sites').addColumn('trial_price_id', 'text').execute();
  await db.schema.alterTable('sites').addColumn('trial_days', 'integer').execute();
  await db.schema.alterTable('users').addColumn('email_key', 'text').execute();
  await db.schema.alterTable('users').addColumn('removed_at', 'bigint').execute();

  const users: OldUser[] = await db
    .selectFrom('users')
    .select(['id', 'site_id', 'email', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const owners = new Set<string>(
    (await db.selectFrom('sites').select('owner_user_id').where('owner_user_id', 'is not', null).execute()).map(
      (site) => site.owner_user_id as string,
    ),
  );
  const withCustomer = new Set<string>(
    (await db.selectFrom('customers').select('user_id').execute()).map((customer) => customer.user_id as string),
  );

  const groups = new Map<string, OldUser[]>();
  for (const user of users) {
    const group = `${user.site_id}\n${emailKeyOf(user.email)}`;
    groups.set(group, [...(groups.get(group) ?? []), user]);
  }
  for (const group of groups.values()) {
    // The owner first, then the oldest (the list is in creation order).
    const kept = group.find((user) => owners.has(user.id)) ?? group[0]!;
    await db
      .updateTable('users')
      .set({ email_key: emailKeyOf(kept.email) })
      .where('id', '=', kept.id)
      .execute();
    for (const duplicate of group.filter((user) => user !== kept)) {
      if (withCustomer.has(duplicate.id)) {
        await db
          .updateTable('users')
          .set({
            email_key: `${emailKeyOf(duplicate.email)}#removed:${duplicate.id}`,
            removed_at: Math.floor(Date.now() / 1000),
          })
          .where('id', '=', duplicate.id)
          .execute();
        console.warn(
          `migration 0011: site ${duplicate.site_id}: user ${duplicate.id} (${duplicate.email}) duplicates ${kept.id} (${kept.email}); removed, kept for its payment customer`,
        );
      } else {
        await db.deleteFrom('users').where('id', '=', duplicate.id).execute();
        console.warn(
          `migration 0011: site ${duplicate.site_id}: user ${duplicate.id} (${duplicate.email}) duplicates ${kept.id} (${kept.email}); deleted`,
        );
      }
    }
  }

  await db.schema
    .createIndex('users_site_email_key_unique')
    .on('users')
    .unique()
    .columns(['site_id', 'email_key'])
    .execute();
  // Old rows all have their key now; new ones must name it (SQLite cannot add NOT NULL to a column; the code always names it).
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ALTER TABLE users ALTER COLUMN email_key SET NOT NULL`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_site_email_key_unique').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('removed_at').execute();
  await db.schema.alterTable('users').dropColumn('email_key').execute();
  await db.schema.alterTable('sites').dropColumn('trial_days').execute();
  await db.schema.alterTable('sites').dropColumn('trial_price_id').execute();
  await db.schema.alterTable('sites').dropColumn('deleted_at').execute();
  await db.schema.alterTable('sites').dropColumn('admin_origins_json').execute();
  await db.schema.alterTable('sites').dropColumn('name').execute();
}
