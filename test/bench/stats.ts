/** Small statistics for noisy benchmark rounds: the median, and the spread around it. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Half the range between the smallest and largest value, relative to the median: "±7%". */
export function spread(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mid = median(values);
  return (Math.max(...values) - Math.min(...values)) / 2 / mid;
}
