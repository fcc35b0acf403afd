import type { Db } from '../db/database.ts';

/** The demo register's placed street addresses, by facility id (what the demo address layer is made from). */
export function demoRegisterAddresses(db: Db) {
  return db
    .selectFrom('facility')
    .select(['street_address', 'postal_code', 'postal_place', 'municipality_id', 'latitude', 'longitude'])
    .where('street_address', 'is not', null)
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .orderBy('id')
    .execute();
}
