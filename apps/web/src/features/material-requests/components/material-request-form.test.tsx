import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { MaterialRequestForm } from './material-request-form.tsx';

// A project id as the server gives it: the form checks the request with the shared schema.
const projects = [{ id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', title: 'Ikoyi Towers' }];

/** Puts text in a box in one input event (typing key by key is slow on a loaded machine). */
async function fill(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

describe('MaterialRequestForm', () => {
  it('refuses to send an incomplete request, and keeps one line at least', { timeout: 30_000 }, async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <MaterialRequestForm
        projects={projects}
        submitLabel="Submit Request"
        busy={false}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).not.toBe('');
    // Something missing: the spec's toast.
    expect(await screen.findByText('Incomplete Request')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Project'), projects[0]!.id);
    await fill('Item 1 name', 'Cement');
    await fill('Item 1 quantity', '0');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(onSubmit).not.toHaveBeenCalled();
    // What is wrong, not only that something is: beside the form and in the toast, which no longer
    // says a field is missing.
    expect(await screen.findByRole('alert')).toHaveTextContent('Each item needs a quantity above 0');
    expect(await screen.findByText('Check the request')).toBeInTheDocument();
  });

  // Many steps: allowed more than the default 5 s when the machine is busy.
  it(
    'sends the project, every line and the notes; a line can be added and removed',
    { timeout: 30_000 },
    async () => {
      const onSubmit = vi.fn();
      renderWithProviders(
        <MaterialRequestForm
          projects={projects}
          submitLabel="Submit Request"
          busy={false}
          onSubmit={onSubmit}
        />,
      );
      await userEvent.selectOptions(screen.getByLabelText('Project'), projects[0]!.id);
      await fill('Item 1 name', 'Cement');
      await fill('Item 1 quantity', '40');
      await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
      await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
      await fill('Item 2 name', 'Rebar 12 mm');
      await fill('Item 2 quantity', '2.5');
      await userEvent.click(screen.getByRole('button', { name: 'Remove item 3' }));
      await fill('Notes', 'Slab');
      await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
      expect(onSubmit).toHaveBeenCalledWith({
        projectId: projects[0]!.id,
        items: [
          { name: 'Cement', quantity: 40 },
          { name: 'Rebar 12 mm', quantity: 2.5 },
        ],
        notes: 'Slab',
      });
    },
  );
});
