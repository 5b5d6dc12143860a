import { act, screen } from '@testing-library/react';
import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardItem, enqueue, stopOutbox } from '../../lib/outbox/outbox.ts';
import { readItems } from '../../lib/outbox/outbox-store.ts';
import { buildOutboxItem, buildUser } from '../../test/factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OutboxRoute } from './outbox.tsx';

afterEach(async () => {
  stopOutbox();
  vi.restoreAllMocks();
  for (const each of await readItems()) await discardItem(each.id);
});

describe('the Outbox', () => {
  it('says why an item saved offline waits, and stops saying so when the network is back', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = buildUser({ id: 'u1', role: 'team_member' });
    await enqueue(buildOutboxItem({ userId: user.id }));
    renderWithProviders(<OutboxRoute />, { user });
    expect(await screen.findByText('Material request: 10 × Cement')).toBeInTheDocument();
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByText(OUTBOX_MESSAGES.noNetwork)).toBeInTheDocument();

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(OUTBOX_MESSAGES.noNetwork)).not.toBeInTheDocument();
  });
});
