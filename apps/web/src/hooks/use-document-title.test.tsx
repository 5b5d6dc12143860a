import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle } from './use-document-title.ts';

describe('useDocumentTitle', () => {
  it("names the screen before the app, and follows the screen's title", () => {
    const { rerender } = renderHook(({ title }) => useDocumentTitle(title), {
      initialProps: { title: 'Projects' as string | undefined },
    });
    expect(document.title).toBe('Projects · Trowel');
    rerender({ title: undefined });
    expect(document.title).toBe('Trowel');
  });
});
