import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from './toast-store.ts';
import { Toaster } from './toaster.tsx';

const REFERENCE = '7d1c4e0e-8f55-4f63-9a86-0d2a3c3b9f10';

describe('the toaster', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    toastStore.set([]);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows an error with a button that copies its reference and confirms', async () => {
    writeText.mockResolvedValue();
    render(<Toaster />);
    act(() => {
      toast.error({ key: 'errors.UNEXPECTED_ERROR' }, REFERENCE);
    });
    expect(screen.getByText('Noe gikk galt her')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Kopier feilreferanse' }));
    });
    expect(writeText).toHaveBeenCalledWith(REFERENCE);
    expect(screen.getByText('Feilreferansen er kopiert til utklippstavlen!')).toBeTruthy();
  });

  it('shows the reference itself when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    render(<Toaster />);
    act(() => {
      toast.error({ key: 'errors.UNEXPECTED_ERROR' }, REFERENCE);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Kopier feilreferanse' }));
    });
    expect(screen.getByText(new RegExp(REFERENCE))).toBeTruthy();
  });

  it('closes a toast with its close button', () => {
    render(<Toaster />);
    act(() => {
      toast.info({ key: 'serviceWorker.updateReady' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Lukk varselet' }));
    expect(screen.queryByText('En ny versjon av FAST er klar.')).toBeNull();
  });
});
