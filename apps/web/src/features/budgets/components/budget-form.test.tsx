import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUDGET_MESSAGES } from '@trowel/shared/budgets/budget.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubXhr } from '../../../test/xhr.ts';
import { BudgetForm } from './budget-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const project = { id: '44444444-4444-4444-8444-444444444444', title: 'Lekki Pearl' };

function show(projectId: string | null = project.id) {
  const onDone = vi.fn();
  renderWithProviders(
    <BudgetForm budget={null} projectId={projectId} projects={[project]} mayAddDocuments onDone={onDone} />,
    { user: buildUser({ role: 'project_lead' }) },
  );
  return onDone;
}

const line = (index: number) => within(screen.getByRole('group', { name: `Line ${index}` }));

describe('BudgetForm', () => {
  it(
    'computes each line and the total to the kobo, and removes a line only while more than one remains',
    { timeout: 30_000 },
    async () => {
      mockFetch(() => jsonResponse(500, {}));
      show();
      expect(screen.getByRole('button', { name: 'Remove line 1' })).toBeDisabled();
      await userEvent.type(line(1).getByLabelText('Description'), 'Cement');
      await userEvent.type(line(1).getByLabelText('Quantity'), '3');
      await userEvent.type(line(1).getByLabelText('Unit price (₦)'), '0.1');
      expect(screen.getByLabelText('Line 1 total')).toHaveTextContent('0.30');
      await userEvent.click(screen.getByRole('button', { name: /Add line/ }));
      await userEvent.type(line(2).getByLabelText('Quantity'), '2.5');
      await userEvent.type(line(2).getByLabelText('Unit price (₦)'), '1234567.89');
      expect(screen.getByLabelText('Line 2 total')).toHaveTextContent('3,086,419.73');
      expect(screen.getByLabelText('Budget total')).toHaveTextContent('3,086,420.03');
      await userEvent.click(screen.getByRole('button', { name: 'Remove line 2' }));
      expect(screen.getByRole('button', { name: 'Remove line 1' })).toBeDisabled();
    },
  );

  it('names the missing project or incomplete lines, sending nothing', async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    show(null);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Budget' }));
    expect(await screen.findByText(BUDGET_MESSAGES.projectRequired.description)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Project'), project.id);
    await userEvent.type(line(1).getByLabelText('Description'), 'Sand');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Budget' }));
    expect(await screen.findByText(BUDGET_MESSAGES.incompleteLines.description)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('saves the budget, tries its documents, submits it, and warns when the documents did not save', async () => {
    const budget = { id: '55555555-5555-4555-8555-555555555555', totalAmount: 19_000 };
    const { calls } = mockFetch(() => jsonResponse(201, { success: true, budget }));
    const uploads = stubXhr();
    const onDone = show();
    await userEvent.type(line(1).getByLabelText('Description'), 'Blocks');
    await userEvent.type(line(1).getByLabelText('Quantity'), '2');
    await userEvent.type(line(1).getByLabelText('Unit price (₦)'), '9,500');
    await userEvent.upload(
      screen.getByLabelText(/Attach supporting documents/, { selector: 'input' }),
      new File(['%PDF-1.4'], 'boq.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('New')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Budget' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ method: 'POST', url: `/api/budgets/${budget.id}/attachments` });
    uploads[0]!.respond(415, {
      success: false,
      error: 'File type not allowed: boq.pdf',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/budgets',
      body: {
        projectId: project.id,
        items: [{ description: 'Blocks', quantity: 2, unitPrice: 9500, notes: '' }],
      },
    });
    expect(await screen.findByText(BUDGET_MESSAGES.attachmentWarning)).toBeInTheDocument();
  });
});
