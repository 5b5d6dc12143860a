import { SEARCH_DEBOUNCE_MS } from '@trowel/shared/config/constants.ts';
import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.ts';

/** A search box's text, and the trimmed term to search for once typing has paused. */
export function useDebouncedSearch() {
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  return { input, setInput, term };
}
