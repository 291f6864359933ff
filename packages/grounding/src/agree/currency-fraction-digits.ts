/**
 * Currency signs whose every currency has at most two decimals (ISO 4217 minor units): `$` for any
 * dollar, `¥` for both yen (0) and yuan (2), and so on. Signs shared with a three-decimal currency
 * (`﷼` for the Omani rial) are left out: they settle nothing.
 */
const SIGN_DIGITS: ReadonlyMap<string, number> = new Map([
  ['$', 2],
  ['¢', 2],
  ['€', 2],
  ['£', 2],
  ['¥', 2],
  ['₩', 0],
  ['₹', 2],
  ['₽', 2],
  ['₺', 2],
  ['₪', 2],
  ['₫', 0],
  ['₱', 2],
  ['₦', 2],
  ['₴', 2],
  ['₡', 2],
  ['₲', 0],
  ['₭', 0],
  ['₮', 2],
  ['₸', 2],
  ['₼', 2],
  ['₾', 2],
  ['₵', 2],
  ['฿', 2],
  ['৳', 2],
]);

const codes = new Set(Intl.supportedValuesOf('currency'));
const codeDigits = new Map<string, number | undefined>();

/**
 * The most decimals an amount in this currency has: from the sign (`€`, `¥`), or from an ISO 4217
 * code the platform knows (`JPY` 0, `EUR` 2, `KWD` 3). Undefined for anything else (`VAT`, `NET`).
 */
export function currencyFractionDigits(sign: string): number | undefined {
  const bySign = SIGN_DIGITS.get(sign);
  if (bySign !== undefined) return bySign;
  if (!codes.has(sign)) return undefined;
  if (!codeDigits.has(sign)) {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency: sign });
    codeDigits.set(sign, format.resolvedOptions().maximumFractionDigits);
  }
  return codeDigits.get(sign);
}
