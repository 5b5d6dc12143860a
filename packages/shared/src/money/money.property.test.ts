import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNaira, plainNaira } from './format.ts';
import { fromKobo, hasKoboPrecision, MAX_AMOUNT_KOBO, sumNaira } from './kobo.ts';
import { lineTotal, lineTotalKobo, linesTotal, linesTotalKobo } from './line-total.ts';
import { parseNaira } from './parse.ts';

/** Any amount a figure may hold, in kobo, with the edges drawn more often. */
const kobo = fc.oneof(
  fc.bigInt({ min: 0n, max: BigInt(MAX_AMOUNT_KOBO) }).map(Number),
  fc.constantFrom(0, 1, 99, 100, 101, MAX_AMOUNT_KOBO - 1, MAX_AMOUNT_KOBO),
);

/**
 * A line drawn as integers (thousandths of a quantity, kobo of a price) and handed to the module as the
 * numbers a form or a request carries; `exact` is its total worked out on the integers alone.
 */
const line = (maxThousandths: number, maxKobo: number) =>
  fc
    .record({
      thousandths: fc.integer({ min: 1, max: maxThousandths }),
      priceKobo: fc.integer({ min: 0, max: maxKobo }),
    })
    .map(({ thousandths, priceKobo }) => {
      const product = BigInt(thousandths) * BigInt(priceKobo);
      return {
        quantity: thousandths / 1000,
        unitPrice: priceKobo / 100,
        exact: product / 1000n + (product % 1000n >= 500n ? 1n : 0n),
      };
    });

describe('money, for any figure', () => {
  it('reads back what it writes: kobo → naira → text → kobo', () => {
    fc.assert(
      fc.property(kobo, (amount) => {
        const naira = fromKobo(amount);
        expect(parseNaira(naira)).toBe(amount);
        expect(parseNaira(plainNaira(naira))).toBe(amount);
        expect(parseNaira(formatNaira(naira))).toBe(amount);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes back what it reads: typed text → kobo → text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,12}\.\d{2}$/), (typed) => {
        const amount = parseNaira(typed)!;
        expect(plainNaira(fromKobo(amount))).toBe(typed);
        expect(formatNaira(fromKobo(amount)).replace(/[₦,]/g, '')).toBe(typed);
      }),
      { numRuns: 2000 },
    );
  });

  it('totals a line exactly, half a kobo rounded up, and the total is whole kobo', () => {
    fc.assert(
      fc.property(
        fc.oneof(line(1_000_000_000, 1_000_000), line(10_000_000, 100_000_000), line(1000, 1000)),
        ({ quantity, unitPrice, exact }) => {
          expect(lineTotalKobo(quantity, unitPrice)).toBe(Number(exact));
          expect(hasKoboPrecision(lineTotal(quantity, unitPrice))).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('makes the total the sum of its lines, in kobo and in naira alike', () => {
    fc.assert(
      fc.property(fc.array(line(10_000_000, 10_000_000), { minLength: 1, maxLength: 200 }), (lines) => {
        const totals = lines.map((each) => lineTotal(each.quantity, each.unitPrice));
        expect(linesTotal(lines)).toBe(sumNaira(totals));
        expect(linesTotalKobo(lines)).toBe(
          lines.reduce((sum, each) => sum + lineTotalKobo(each.quantity, each.unitPrice), 0),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('does not drift over 10,000 random lines', () => {
    fc.assert(
      fc.property(
        fc.array(line(10_000_000, 10_000_000), { minLength: 10_000, maxLength: 10_000 }),
        (lines) => {
          const exact = lines.reduce((sum, each) => sum + each.exact, 0n);
          expect(linesTotalKobo(lines)).toBe(Number(exact));
          expect(linesTotal(lines)).toBe(Number(exact) / 100);
          expect(sumNaira(lines.map((each) => lineTotal(each.quantity, each.unitPrice)))).toBe(
            Number(exact) / 100,
          );
        },
      ),
      { numRuns: 10 },
    );
  });
});
