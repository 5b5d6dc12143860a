// Generates a migration from the schema (src/db/schema/*.ts), then drops the "public". qualifiers drizzle-kit writes,
// so the same migrations run in any schema (isolated test schemas on PostgreSQL included).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const folder = path.join(import.meta.dirname, '../drizzle');
execFileSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: path.dirname(folder),
});
for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
  const full = path.join(folder, file);
  const text = fs.readFileSync(full, 'utf8');
  const cleaned = text.replaceAll('"public".', '');
  if (cleaned !== text) fs.writeFileSync(full, cleaned);
}
