/**
 * What the HTTP client adds to every request, provided by the session and organisation
 * features at start-up, so that the client does not import them (they import the client).
 */
export interface RequestContext {
  accessToken(): string | null;
  organisationNumber(): string | null;
}

let context: RequestContext = { accessToken: () => null, organisationNumber: () => null };

export function setRequestContext(next: RequestContext): void {
  context = next;
}

export function requestContext(): RequestContext {
  return context;
}
