import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '../../drizzle');

describe('the migrations', () => {
  it('never name the public schema: isolated runs keep their tables in a schema of their own', () => {
    const naming = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .filter((name) => fs.readFileSync(path.join(folder, name), 'utf8').includes('"public".'));
    expect(naming).toEqual([]);
  });
});
