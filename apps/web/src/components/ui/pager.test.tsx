import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager.tsx';

function pageLabels() {
  return screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => Number(button.textContent));
}

describe('Pager', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pager page={1} totalPages={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows every page up to five pages', () => {
    render(<Pager page={2} totalPages={5} onPageChange={() => {}} />);
    expect(pageLabels()).toEqual([1, 2, 3, 4, 5]);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows first, last and neighbours with ellipses past five pages', () => {
    const { container } = render(<Pager page={5} totalPages={10} onPageChange={() => {}} />);
    expect(pageLabels()).toEqual([1, 4, 5, 6, 10]);
    expect(container.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(2);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(<Pager page={1} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pager page={3} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('asks for the chosen, previous and next page', async () => {
    const onPageChange = vi.fn();
    render(<Pager page={2} totalPages={3} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1], [3]]);
  });
});
