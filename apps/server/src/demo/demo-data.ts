import type { Db } from '../db/database.ts';
import type { Log } from '../logger.ts';
import { loadDemoRegisterIfEmpty } from './demo-register.ts';
import { seedDemoUsers } from './demo-users.ts';

/** The demo users and organisations, and the demo register when the register is empty (DEMO_DATA=auto); how long each took (ms). */
export async function loadDemoData(db: Db, log: Log): Promise<{ demoUsers: number; demoRegister: number }> {
  let started = performance.now();
  if (await seedDemoUsers(db)) log.info('demo users and organisations created');
  const demoUsers = Math.round(performance.now() - started);
  started = performance.now();
  await loadDemoRegisterIfEmpty(db, log);
  return { demoUsers, demoRegister: Math.round(performance.now() - started) };
}
