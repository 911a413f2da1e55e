/**
 * The middle item of `items` by `valueOf` (the lower of the two middle ones for an even count), so a
 * run's figures come from one real run rather than an average of two.
 */
export function medianBy(items, measure = (item) => item) {
  return [...items].sort((a, b) => measure(a) - measure(b))[Math.floor((items.length - 1) / 2)]
}
