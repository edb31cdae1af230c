/**
 * `1,234,567`: a number rounded to a whole one, with a comma between each group of three digits
 * (as prices and counts are printed everywhere in the store). Written out rather than through
 * Intl.NumberFormat: a build prints it hundreds of thousands of times, and Intl's per-call cost
 * showed in its profile.
 */
export function formatWhole(n: number): string {
  const whole = Math.round(n);
  const digits = String(Math.abs(whole));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return whole < 0 ? `-${out}` : out;
}
