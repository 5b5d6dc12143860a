import { useState } from 'react';

function read(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === 'true';
  } catch {
    // Storage can be refused (private modes, quotas): the flag then lasts as long as the screen.
    return false;
  }
}

/** A yes/no kept for this browser tab's session, e.g. that a banner was dismissed; it starts as no. */
export function useSessionFlag(key: string): [boolean, () => void] {
  const [set, setSet] = useState(() => read(key));
  const raise = () => {
    setSet(true);
    try {
      window.sessionStorage.setItem(key, 'true');
    } catch {
      // See read(): the flag still holds on this screen.
    }
  };
  return [set, raise];
}
