// Creates or drops a throwaway PostgreSQL database for one test run: node scripts/pg-test-db.mjs create|drop NAME
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action ?? '') || !/^[a-z_][a-z0-9_]*$/.test(name ?? '')) {
  console.error('usage: node scripts/pg-test-db.mjs create|drop <name>');
  process.exit(2);
}
const client = new pg.Client({
  connectionString: process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
});
await client.connect();
try {
  if (action === 'create') await client.query(`create database ${name}`);
  else await client.query(`drop database if exists ${name} with (force)`);
} finally {
  await client.end();
}
