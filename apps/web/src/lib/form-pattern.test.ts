import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const features = join(import.meta.dirname, '..', 'features');

function filesUnder(folder: string, test: (name: string) => boolean): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(folder, name));
}

const read = (file: string) => readFileSync(file, 'utf8');
const named = (file: string) => relative(features, file).replaceAll('\\', '/');

/**
 * Forms left without react-hook-form on purpose (docs/decisions.md, 'Forms on one pattern'): each holds
 * one remarks box read by the step its button takes.
 */
const FORMS_WITHOUT_USE_FORM: Record<string, string> = {
  'budgets/components/budget-approval-actions.tsx': "a budget step's remarks in its confirmation",
};

/**
 * The web's own types in api files: the screens' filters and list parameters, what the task picker
 * shows of a person, and which vendor a save is for (its input is the shared create or update input).
 */
const OWN_API_TYPE = /^(\w+Filters|\w+Params|Assignee|SaveVendor)$/;

describe('the house pattern of the web app', () => {
  it('holds every form in react-hook-form', () => {
    const forms = filesUnder(features, (name) => name.endsWith('.tsx')).filter((file) =>
      read(file).includes('<form'),
    );
    expect(forms.length).toBeGreaterThan(20);
    const without = forms.map(named).filter((file) => !/\buseForm[<(]/.test(read(join(features, file))));
    expect(without).toEqual(Object.keys(FORMS_WITHOUT_USE_FORM));
  });

  it('declares no body or answer of its own in an api file: those are the shared schemas’ types', () => {
    const declared = filesUnder(features, (name) => /(^|[\\/])api[\\/][^\\/]+\.ts$/.test(name)).flatMap(
      (file) =>
        [...read(file).matchAll(/^export (?:interface (\w+)|type (\w+) = \{)/gm)].map(
          (match) => `${named(file)}: ${match[1] ?? match[2]}`,
        ),
    );
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.filter((entry) => !OWN_API_TYPE.test(entry.split(': ')[1]!))).toEqual([]);
  });
});
