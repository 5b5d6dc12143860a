/** Numbers are written the Nigerian way unless the web app's language setting says otherwise. */
let numberLocale = 'en-NG';
let naira = nairaFormat(numberLocale);
let millions = millionsFormat(numberLocale);
let quantities = quantityFormat(numberLocale);

function nairaFormat(locale: string) {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'NGN', maximumFractionDigits: 2 });
}
function millionsFormat(locale: string) {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
/** Quantities are kept to three decimals (`numeric(15,3)`): as many as they have are shown. */
function quantityFormat(locale: string) {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
}

/** The locale amounts are written in (the web app follows the person's language; the server keeps en-NG). */
export function setNumberLocale(locale: string) {
  if (locale === numberLocale) return;
  numberLocale = locale;
  naira = nairaFormat(locale);
  millions = millionsFormat(locale);
  quantities = quantityFormat(locale);
}

/** A naira amount in full, e.g. ₦12,500,000.00. */
export function formatNaira(amount: number): string {
  return naira.format(amount);
}

/** A quantity with thousands separators and its decimals, e.g. 3,000 or 12.5. */
export function formatQuantity(quantity: number): string {
  return quantities.format(quantity);
}

/** An amount as plain text with two decimals, no sign or separators ('2776000.50'): CSV cells, stored remarks. */
export function plainNaira(amount: number): string {
  return amount.toFixed(2);
}

/** A naira amount in millions with one decimal and thousands separators, e.g. ₦12.5M, ₦13,025.0M. */
export function formatNairaMillions(amount: number): string {
  return `₦${millions.format(Math.round(amount / 100_000) / 10)}M`;
}
