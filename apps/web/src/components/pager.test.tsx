import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, shownRange } from './pager.tsx';

describe('shownRange', () => {
  it('names the first and last row shown', () => {
    expect(shownRange(1, 10, 10, 123)).toBe('1–10');
    expect(shownRange(13, 10, 3, 123)).toBe('121–123');
    expect(shownRange(2, 50, 1, 51)).toBe('51');
    expect(shownRange(1, 10, 0, 0)).toBe('0');
  });
});

describe('the pager', () => {
  it('says what is shown and moves by arrows and page numbers', () => {
    const onPageChange = vi.fn();
    render(<Pager label="Sider" total={120} page={2} pageSize={50} shown={50} onPageChange={onPageChange} />);
    expect(screen.getByText('Viser 51–100 av 120')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Sider' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Neste' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: 'Forrige' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'Side 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('is left out for a single page without a choice of rows per page', () => {
    const { container } = render(<Pager label="Sider" total={3} page={1} pageSize={50} shown={3} onPageChange={vi.fn()} />);
    expect(container.textContent).toBe('');
  });

  it('offers the rows per page where the list lets one choose, without page buttons for one page', () => {
    const onPageSizeChange = vi.fn();
    render(
      <Pager
        label="Sider"
        total={8}
        page={1}
        pageSize={10}
        shown={8}
        onPageChange={vi.fn()}
        pageSizes={[10, 25, 50]}
        onPageSizeChange={onPageSizeChange}
      />,
    );
    expect(screen.getByText('Viser 1–8 av 8')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.change(screen.getByLabelText('Rader per side'), { target: { value: '25' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(25);
  });
});

describe('the pager after its owner re-rendered', () => {
  // Designsystemet's usePagination memoises its click handlers on the page numbers only: a
  // callback that changed while the count stayed (a new sort, say) must still be the one called.
  it('calls the latest onPageChange, not the one of its first render', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const props = { label: 'Sider', total: 120, page: 1, pageSize: 10, shown: 10 };
    const { rerender } = render(<Pager {...props} onPageChange={first} />);
    rerender(<Pager {...props} onPageChange={latest} />);
    fireEvent.click(screen.getByRole('button', { name: 'Side 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Neste' }));
    expect(first).not.toHaveBeenCalled();
    expect(latest.mock.calls).toEqual([[2], [2]]);
  });
});
