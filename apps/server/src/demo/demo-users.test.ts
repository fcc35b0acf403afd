import { isValidOrganisationNumber } from '@fast/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_ORGANISATIONS } from './demo-users.ts';

describe('demo organisations', () => {
  it('have valid organisation numbers', () => {
    for (const organisation of Object.values(DEMO_ORGANISATIONS)) {
      expect(isValidOrganisationNumber(organisation.organisation_number), organisation.name).toBe(true);
    }
  });
});
