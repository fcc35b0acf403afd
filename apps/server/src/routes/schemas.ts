import { ErrorBody } from '@fast/contracts';

/** Every route answers errors with the error body; add this to each `response`. */
export const errorResponses = { '4xx': ErrorBody, '5xx': ErrorBody } as const;
