import {
  NARROW_SCREEN_PX,
  PROJECT_PAGE_SIZE_NARROW,
  PROJECT_PAGE_SIZE_WIDE,
} from '@trowel/shared/projects/project.constants.ts';
import { useState } from 'react';

/**
 * Cards a page on the projects and logs screens: 8 on screens narrower than 768 px, otherwise 12.
 * Read once, so resizing the window does not start the list again.
 */
export function useCardPageSize(): number {
  const [limit] = useState(() =>
    window.innerWidth < NARROW_SCREEN_PX ? PROJECT_PAGE_SIZE_NARROW : PROJECT_PAGE_SIZE_WIDE,
  );
  return limit;
}
