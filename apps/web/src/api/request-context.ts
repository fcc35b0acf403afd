/**
 * What the HTTP client adds to every request, and where it reports a failure, provided by the
 * shell (session, organisation, toasts) at start-up, so that the client does not import the shell
 * (the shell imports the client).
 */
export interface RequestContext {
  accessToken(): string | null;
  organisationNumber(): string | null;
  /** The common error handler (section 8): a toast in the app. */
  reportError(error: unknown): void;
}

let context: RequestContext = { accessToken: () => null, organisationNumber: () => null, reportError: () => undefined };

/** Sets what is given; the rest stays as it was. */
export function setRequestContext(next: Partial<RequestContext>): void {
  context = { ...context, ...next };
}

export function requestContext(): RequestContext {
  return context;
}
