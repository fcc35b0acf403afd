import { SERVICE_WORKER_UPDATE_MS } from '../../config/constants.ts';
import { toast } from '../toasts/toast-store.ts';

function offerReload(worker: ServiceWorker): void {
  toast.confirm({ key: 'serviceWorker.updateReady' }, [
    {
      label: 'serviceWorker.reload',
      variant: 'primary',
      onClick: () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
        worker.postMessage({ type: 'SKIP_WAITING' });
      },
    },
    { label: 'serviceWorker.later', onClick: () => undefined },
  ]);
}

/**
 * Registers /sw.js, checks for a new version every 300 000 ms while online, and offers a
 * reload when one is installed and waiting (a first install needs no reload).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js');
  // Undefined when the browser refuses workers (automation that blocks them, some privacy modes).
  if (!registration) return;
  if (registration.waiting && navigator.serviceWorker.controller) offerReload(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offerReload(installing);
    });
  });
  setInterval(() => {
    if (navigator.onLine) registration.update().catch(() => undefined);
  }, SERVICE_WORKER_UPDATE_MS);
}
