import { type Static, Type } from 'typebox';
import { OrganisationNumber } from './patterns.ts';

/** GET /config: what the SPA needs to start its OIDC client. */
export const OidcClientConfig = Type.Object(
  {
    authority: Type.String(),
    clientId: Type.String(),
    scope: Type.String(),
    redirectPath: Type.String(),
    postLogoutRedirectPath: Type.String(),
  },
  { additionalProperties: false },
);
export type OidcClientConfig = Static<typeof OidcClientConfig>;

/** GET /api/frontend/config: public facts for the footer and analytics. */
export const FrontendConfig = Type.Object(
  {
    environment: Type.String(),
    analyticsDomain: Type.Union([Type.String(), Type.Null()]),
    contact: Type.Object(
      {
        name: Type.String(),
        postalAddress: Type.String(),
        phone: Type.String({ description: 'Digits only; the UI groups them' }),
        email: Type.String(),
        organizationNumber: OrganisationNumber,
      },
      { additionalProperties: false },
    ),
    mapStyleUrl: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type FrontendConfig = Static<typeof FrontendConfig>;

/** An organisation the user may represent (a "reportee" in Altinn's words). */
export const Reportee = Type.Object(
  { name: Type.String(), organizationNumber: OrganisationNumber },
  { additionalProperties: false },
);
export type Reportee = Static<typeof Reportee>;
export const ReporteeList = Type.Array(Reportee);

/** Whether the caller has accepted the current terms (spec § 3: hasAccepted); the version is TermsCurrent's. */
export const TermsStatus = Type.Object({ hasAccepted: Type.Boolean() }, { additionalProperties: false });
export type TermsStatus = Static<typeof TermsStatus>;

/**
 * The acceptance. Every field may be left out, and so may the body (spec § 7 names none): the
 * current version is accepted. `hasAccepted` may say true, as the answer does; terms are never
 * un-accepted.
 */
export const TermsAcceptRequest = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1, description: 'The version the user read; defaults to the current one' })),
    hasAccepted: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);
export type TermsAcceptRequest = Static<typeof TermsAcceptRequest>;

/** The current terms of use, in both written forms of Norwegian. */
export const TermsCurrent = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    publishedAt: Type.String({ format: 'date-time' }),
    text: Type.Object({ nb: Type.String(), nn: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type TermsCurrent = Static<typeof TermsCurrent>;
