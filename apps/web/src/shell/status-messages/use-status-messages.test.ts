import type { StatusMessage } from '@fast/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStatusMessages } from './use-status-messages.ts';

const info: StatusMessage = { type: 'INFO', message: 'Vedlikehold i kveld\nkl. 20–22', messageNn: null };

describe('status message polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches at once, then 60 s after each fetch, whether or not it succeeded', async () => {
    const fetchMessages = vi
      .fn<() => Promise<StatusMessage[]>>()
      .mockResolvedValueOnce([info])
      .mockRejectedValueOnce(new Error('server down'))
      .mockResolvedValue([]);
    const { result } = renderHook(() => useStatusMessages(true, fetchMessages));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMessages).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual([info]);

    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(fetchMessages).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMessages).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual([info]); // a failure keeps the last messages

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchMessages).toHaveBeenCalledTimes(3);
    expect(result.current).toEqual([]);
  });

  it('logs a message of an unknown type as an internal error and does not show it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const odd = { type: 'DEBUG', message: 'x' } as unknown as StatusMessage;
    const fetchMessages = vi.fn<() => Promise<StatusMessage[]>>().mockResolvedValue([odd, info]);
    const { result } = renderHook(() => useStatusMessages(true, fetchMessages));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toEqual([info]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Internal error'), 'DEBUG');
  });

  it('does not poll while signed out', async () => {
    const fetchMessages = vi.fn<() => Promise<StatusMessage[]>>().mockResolvedValue([info]);
    renderHook(() => useStatusMessages(false, fetchMessages));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(fetchMessages).not.toHaveBeenCalled();
  });
});
