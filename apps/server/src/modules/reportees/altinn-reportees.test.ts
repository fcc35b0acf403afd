import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ALTINN_ROLE } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import type { AuthenticatedUser } from '../identity/identity.ts';
import { altinnReportees } from './altinn-reportees.ts';

/** A local stand-in for Altinn's authorized-parties endpoint, answering as the real API does. */
function fakeAltinn() {
  const requests: { url: string; body: unknown; key: string | undefined }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ url: req.url ?? '', body: JSON.parse(body), key: req.headers['ocp-apim-subscription-key'] as string });
      const parties = [
        {
          name: 'Bergen kommune',
          organizationNumber: '964338531',
          type: 'Organization',
          authorizedRoles: ['DAGL', ALTINN_ROLE],
          subunits: [
            { name: 'Bergen brannvesen', organizationNumber: '974600951', type: 'Organization', authorizedRoles: [ALTINN_ROLE] },
            { name: 'Bergen kommune kemnerkontoret', organizationNumber: '974600730', type: 'Organization', authorizedRoles: [] },
          ],
        },
        { name: 'Uten rolle AS', organizationNumber: '910000047', type: 'Organization', authorizedRoles: ['DAGL'] },
        { name: 'Kari Nordmann', organizationNumber: null, type: 'Person', authorizedRoles: [ALTINN_ROLE] },
      ];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(parties));
    });
  });
  return { server, requests };
}

let database: TestDatabase;
let altinn: { server: Server; requests: { url: string; body: unknown; key: string | undefined }[] };
let url: string;
beforeAll(async () => {
  database = await createTestDatabase();
  altinn = fakeAltinn();
  await new Promise<void>((resolve) => altinn.server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(altinn.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  altinn?.server.close();
  await database?.destroy();
});

const user: AuthenticatedUser = {
  id: '00000000-0000-0000-0000-000000000001',
  subject: 'x',
  username: 'kari',
  fullName: 'Kari Nordmann',
  roles: [],
  personIdentifier: '01017012345',
};

describe('Altinn reportees', () => {
  it('lists the organisations, sub-units included, where the person has the FAST role', async () => {
    const provider = altinnReportees(database.db, { url, subscriptionKey: 'secret' });
    expect(await provider.list(user)).toEqual([
      { name: 'Bergen brannvesen', organizationNumber: '974600951' },
      { name: 'Bergen kommune', organizationNumber: '964338531' },
    ]);
    expect(altinn.requests[0]).toEqual({
      url: '/accessmanagement/api/v1/resourceowner/authorizedparties?includeAltinn2=true',
      body: { type: 'urn:altinn:person:identifier-no', value: '01017012345' },
      key: 'secret',
    });
    const stored = await database.db.selectFrom('organisation').select('organisation_number').execute();
    expect(stored.map((o) => o.organisation_number)).toEqual(expect.arrayContaining(['964338531', '974600951']));
  });

  it('caches the answer per person', async () => {
    const provider = altinnReportees(database.db, { url, subscriptionKey: null });
    const before = altinn.requests.length;
    await provider.list(user);
    await provider.list(user);
    expect(altinn.requests.length).toBe(before + 1);
  });

  it('answers no organisations for a token without a person identifier', async () => {
    const provider = altinnReportees(database.db, { url, subscriptionKey: null });
    expect(await provider.list({ ...user, personIdentifier: null })).toEqual([]);
  });
});
