import { sql } from 'kysely';

/**
 * The full name of the app_user under `alias` (given, middle, family), falling back to the
 * username: the rule the identity module applies to tokens, in SQL.
 */
export function fullNameOf(alias: string) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<string>`coalesce(nullif(concat_ws(' ', ${column('given_name')}, ${column('middle_name')}, ${column('family_name')}), ''), ${column('username')}, '')`;
}
