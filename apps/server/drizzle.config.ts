import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The platform's and older modules' tables, and each newer module's own (`modules/<name>/<name>.tables.ts`).
  schema: ['./src/db/schema/*.ts', './src/modules/**/*.tables.ts'],
  out: './drizzle',
});
