import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default leaves a core idle (one worker on two cores); the tests wait on their databases too.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
