import { STATUS_MESSAGE_POLL_MS, type StatusMessage, StatusMessageType } from '@fast/contracts';
import { useEffect, useState } from 'react';

export function isKnownStatusMessage(message: StatusMessage): boolean {
  return (StatusMessageType as readonly string[]).includes(message.type);
}

/**
 * Polls the status messages while `enabled`: the next fetch is scheduled 60 s after the last
 * one ended, whether it succeeded or not (a failure is reported by the HTTP client). A message
 * of an unknown type is an internal error: logged, not shown.
 */
export function useStatusMessages(enabled: boolean, fetchMessages: () => Promise<StatusMessage[]>): StatusMessage[] {
  const [messages, setMessages] = useState<StatusMessage[]>([]);
  useEffect(() => {
    if (!enabled) {
      setMessages([]);
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const received = await fetchMessages();
        if (cancelled) return;
        for (const message of received.filter((m) => !isKnownStatusMessage(m))) {
          console.error('Internal error: status message of unknown type', message.type);
        }
        setMessages(received.filter(isKnownStatusMessage));
      } catch {
        // Reported by the HTTP client; the last messages stay until the next answer.
      } finally {
        if (!cancelled) timer = setTimeout(poll, STATUS_MESSAGE_POLL_MS);
      }
    };
    void poll();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [enabled, fetchMessages]);
  return messages;
}
