import { Alert, Button, Paragraph, Spinner } from '@digdir/designsystemet-react';
import type { ReactNode } from 'react';

/** A small part of a screen waiting for its answer: a spinner and what it waits for. */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <Paragraph data-size="sm" role="status">
      <Spinner aria-hidden data-size="xs" /> {children}
    </Paragraph>
  );
}

/** A small part of a screen whose answer failed: what failed and a button to ask again. */
export function RetryAlert({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert data-color="danger" data-size="sm">
      <Paragraph data-size="sm">{message}</Paragraph>
      <Button variant="secondary" data-size="sm" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
