import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TESTIMONIAL_INCOMPLETE_MESSAGE } from '@trowel/shared/testimonials/testimonial.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TestimonialForm } from './testimonial-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const projects = [
  { id: '11111111-1111-4111-8111-111111111111', title: 'Lekki Villa' },
  { id: '22222222-2222-4222-8222-222222222222', title: 'Ikoyi Duplex' },
];

describe('TestimonialForm', () => {
  it('preselects the project, refuses to send without a rating, and rates with the keyboard', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'GET'
        ? jsonResponse(200, { success: true, projects })
        : jsonResponse(201, { success: true, testimonial: {} }),
    );
    renderWithProviders(<TestimonialForm initialProjectId={projects[1]!.id} />, {
      user: buildUser({ role: 'client' }),
    });
    expect(await screen.findByLabelText('Project')).toHaveValue(projects[1]!.id);
    await userEvent.type(screen.getByLabelText('Your Feedback'), 'Handed over on time.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Testimonial' }));
    expect(screen.getByRole('alert')).toHaveTextContent(TESTIMONIAL_INCOMPLETE_MESSAGE);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    // Keyboard: focus the first star, then arrow right four times to reach five stars.
    screen.getByRole('radio', { name: '1 star' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    // Everything is filled in now: the message goes before anything is sent again.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Testimonial' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        projectId: projects[1]!.id,
        rating: 5,
        text: 'Handed over on time.',
      }),
    );
  });

  it('marks only what is still missing, and clears the feedback mark once it is written', async () => {
    mockFetch(() => jsonResponse(200, { success: true, projects }));
    renderWithProviders(<TestimonialForm initialProjectId={projects[0]!.id} />, {
      user: buildUser({ role: 'client' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Testimonial' }));
    const feedback = screen.getByLabelText('Your Feedback');
    expect(feedback).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(TESTIMONIAL_INCOMPLETE_MESSAGE);
    await userEvent.type(feedback, 'Solid work.');
    expect(feedback).not.toHaveAttribute('aria-invalid');
    // The rating is still missing, so the message stays.
    expect(screen.getByRole('alert')).toHaveTextContent(TESTIMONIAL_INCOMPLETE_MESSAGE);
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
