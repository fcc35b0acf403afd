import type { Db } from '../db/database.ts';
import type { Log } from '../logger.ts';
import { loadDemoRegisterIfEmpty } from './demo-register.ts';
import { seedDemoUsers } from './demo-users.ts';

/** The demo users and organisations, and the demo register when the register is empty (DEMO_DATA=auto). */
export async function loadDemoData(db: Db, log: Log): Promise<void> {
  if (await seedDemoUsers(db)) log.info('demo users and organisations created');
  await loadDemoRegisterIfEmpty(db, log);
}
