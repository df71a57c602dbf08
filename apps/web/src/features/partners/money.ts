/** An amount in cents as the interface language writes money ("€1,234.50"). */
export function formatMoney(cents: number, currencyCode: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currencyCode }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currencyCode}`;
  }
}
