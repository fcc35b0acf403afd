import { TOAST_DURATION_MS } from '../../config/constants.ts';
import type { TranslationKey } from '../../i18n/i18n-types.ts';
import type { Text } from '../../i18n/text.ts';
import { createStore } from '../../lib/store.ts';

export type ToastKind = keyof typeof TOAST_DURATION_MS;

export interface ToastAction {
  label: TranslationKey;
  onClick: () => void;
  variant?: 'primary' | 'secondary';
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: Text;
  /** An error reference the user can copy (error toasts). */
  reference: string | null;
  actions: readonly ToastAction[];
  /** Milliseconds before it closes by itself; null for never (confirm). */
  durationMs: number | null;
}

export const toastStore = createStore<readonly Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toastStore.set((toasts) => toasts.filter((toast) => toast.id !== id));
}

function sameText(a: Text, b: Text): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function show(
  kind: ToastKind,
  message: Text,
  options: { reference?: string | null; actions?: readonly ToastAction[] } = {},
): number {
  const reference = options.reference ?? null;
  // A repeated failure (a poll every minute while the server is down) shows once, not once per try.
  const existing = toastStore
    .get()
    .find((toast) => toast.kind === kind && toast.reference === reference && sameText(toast.message, message));
  if (existing && kind !== 'confirm') dismissToast(existing.id);
  const id = nextId++;
  const durationMs = TOAST_DURATION_MS[kind];
  toastStore.set((toasts) => [...toasts, { id, kind, message, reference, actions: options.actions ?? [], durationMs }]);
  if (durationMs !== null)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), durationMs),
    );
  return id;
}

/** Toasts of the specification: positive 2.5 s, error 30 s with a progress bar, default 5 s, confirm never closes by itself. */
export const toast = {
  positive: (message: Text) => show('positive', message),
  error: (message: Text, reference: string | null = null) => show('error', message, { reference }),
  info: (message: Text) => show('default', message),
  confirm: (message: Text, actions: readonly ToastAction[]) => show('confirm', message, { actions }),
};
