// jsdom has no IndexedDB: the outbox and the persisted cache use an in-memory one in tests.
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Toasts still active are replayed into the next test's toaster: end them with the test.
  toast.dismiss();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
