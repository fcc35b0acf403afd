import { presentError } from '../../api/error-presentation.ts';
import { toast } from './toast-store.ts';

/** The common error handler: an error toast with the catalogue text and, when there is one, the reference. */
export function reportError(error: unknown): void {
  const { message, reference } = presentError(error);
  toast.error(message, reference);
}
