import { randomUUID } from 'node:crypto';
import { ADMIN_ROLE } from '@fast/contracts';
import type { Db } from '../db/database.ts';
import { hashPassword } from '../modules/users/password.ts';
import { anyPasswordUser, insertDemoUsers } from './demo-users.repository.ts';

/** Organisation numbers below are fictitious but carry a valid MOD11 check digit. */
export const DEMO_ORGANISATIONS = {
  osloBrann: { organisation_number: '910000047', name: 'Oslo brann- og redningsetat' },
  vest110: { organisation_number: '910000101', name: '110 Vest' },
  statsforvalterRogaland: { organisation_number: '910000128', name: 'Statsforvalteren i Rogaland' },
  rogalandBrann: { organisation_number: '910000152', name: 'Rogaland brann og redning IKS' },
  hallingdalBrann: { organisation_number: '910000195', name: 'Hallingdal brann- og redningsteneste IKS' },
  dsb: { organisation_number: '974760983', name: 'Direktoratet for samfunnssikkerhet og beredskap' },
} as const;

const VESTLAND_110 = ['4601', '4624', '4626', '4627', '4631', '4630', '4625', '4623', '4621', '4632', '4634', '4628'];
const ROGALAND_BRANN = ['1103', '1108', '1124', '1127'];

interface DemoUser {
  username: string;
  givenName: string;
  middleName?: string;
  familyName: string;
  roles?: string[];
  organisations: { organisation_number: string; given: string[] | 'county:11'; pending?: string[] }[];
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'oslo.brann',
    givenName: 'Kari',
    familyName: 'Nordmann',
    organisations: [
      { organisation_number: DEMO_ORGANISATIONS.osloBrann.organisation_number, given: ['0301'], pending: ['3201'] },
    ],
  },
  {
    username: 'vest.110',
    givenName: 'Ola',
    familyName: 'Nordmann',
    organisations: [{ organisation_number: DEMO_ORGANISATIONS.vest110.organisation_number, given: VESTLAND_110 }],
  },
  {
    username: 'statsforvalter.rogaland',
    givenName: 'Siri',
    middleName: 'Marie',
    familyName: 'Haugland',
    organisations: [
      { organisation_number: DEMO_ORGANISATIONS.statsforvalterRogaland.organisation_number, given: 'county:11' },
      { organisation_number: DEMO_ORGANISATIONS.rogalandBrann.organisation_number, given: ROGALAND_BRANN },
    ],
  },
  { username: 'ny.bruker', givenName: 'Nils', familyName: 'Nybakk', organisations: [] },
  {
    username: 'uten.tilgang',
    givenName: 'Ingrid',
    familyName: 'Berg',
    organisations: [{ organisation_number: DEMO_ORGANISATIONS.hallingdalBrann.organisation_number, given: [] }],
  },
  {
    username: 'fast.admin',
    givenName: 'Astrid',
    familyName: 'Solberg',
    roles: [ADMIN_ROLE],
    organisations: [{ organisation_number: DEMO_ORGANISATIONS.dsb.organisation_number, given: [] }],
  },
];

export const DEMO_PASSWORD = 'demo';

/**
 * The demo organisations, users (password "demo"), their access and one status message. Runs
 * only on an empty user table, so it never overwrites what happened since.
 */
export async function seedDemoUsers(db: Db): Promise<boolean> {
  if (await anyPasswordUser(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await insertDemoUsers(
    db,
    Object.values(DEMO_ORGANISATIONS),
    DEMO_USERS.map((user) => ({
      subject: randomUUID(),
      username: user.username,
      given_name: user.givenName,
      middle_name: user.middleName ?? null,
      family_name: user.familyName,
      roles: user.roles ?? [],
      password_hash: passwordHash,
      organisations: user.organisations.map((org) => ({
        organisation_number: org.organisation_number,
        given: org.given === 'county:11' ? { county: '11' } : org.given,
        pending: org.pending ?? [],
      })),
    })),
    {
      message:
        'Dette er en demonstrasjonsversjon av FAST.\nAlle anlegg, virksomheter og personer i denne installasjonen er oppdiktede.',
      message_nn:
        'Dette er ein demonstrasjonsversjon av FAST.\nAlle anlegg, verksemder og personar i denne installasjonen er oppdikta.',
    },
  );
  return true;
}
