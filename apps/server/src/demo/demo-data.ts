import type { Db } from '../db/database.ts';
import type { Log } from '../logger.ts';
import { loadDemoAddressesIfEmpty } from './demo-addresses.ts';
import { loadDemoRegisterIfEmpty } from './demo-register.ts';
import { seedDemoUsers } from './demo-users.ts';
import { loadDemoVulnerableObjectsIfEmpty } from './demo-vulnerable-objects.ts';

/**
 * The demo users and organisations, the demo register when the register is empty and the demo
 * address and vulnerable-object layers when none is loaded (DEMO_DATA=auto); how long each took (ms).
 */
export async function loadDemoData(
  db: Db,
  log: Log,
): Promise<{ demoUsers: number; demoRegister: number; demoAddresses: number; demoVulnerableObjects: number }> {
  let started = performance.now();
  const took = () => {
    const now = performance.now();
    const ms = Math.round(now - started);
    started = now;
    return ms;
  };
  if (await seedDemoUsers(db)) log.info('demo users and organisations created');
  const demoUsers = took();
  await loadDemoRegisterIfEmpty(db, log);
  const demoRegister = took();
  await loadDemoAddressesIfEmpty(db, log);
  const demoAddresses = took();
  await loadDemoVulnerableObjectsIfEmpty(db, log);
  return { demoUsers, demoRegister, demoAddresses, demoVulnerableObjects: took() };
}
