import { Search } from 'lucide-react';
import { useRef } from 'react';
import { useFocusShortcut } from '../../hooks/use-focus-shortcut.ts';
import { useMediaQuery } from '../../hooks/use-media-query.ts';
import { Input } from './input.tsx';

interface SearchInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Ctrl+K (Cmd+K on a Mac) focuses the box; the placeholder says so where there is a keyboard. */
  focusShortcut?: boolean;
}

const KEYBOARD_SCREEN = '(min-width: 640px) and (hover: hover) and (pointer: fine)';

/** A list's search box, labelled 'Search', with a magnifier inside; it grows to fill its row. */
export function SearchInput({ id, value, onChange, placeholder, focusShortcut = false }: SearchInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useFocusShortcut(inputRef, focusShortcut);
  // Phones and touch screens have no Ctrl key to press: no hint below the sm breakpoint or without a mouse.
  const showsHint = useMediaQuery(KEYBOARD_SCREEN) && focusShortcut;
  return (
    <div className="relative flex-1">
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <Input
        ref={inputRef}
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={showsHint ? `${placeholder} (Ctrl+K)` : placeholder}
        className="pl-9"
        autoComplete="off"
        aria-keyshortcuts={focusShortcut ? 'Control+K Meta+K' : undefined}
      />
    </div>
  );
}
