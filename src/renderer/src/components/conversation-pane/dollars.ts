/** A price in US dollars as the shown language writes it ("$3", "$0.125"; German "3 $"): no cents added, none cut. */
export function dollars(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 6 }).format(amount);
}
