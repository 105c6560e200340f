// The MNIST instruments over seeds: the seeds a run takes, and the one place they ask the core
// for a summary: a list's spread (nl.spreadOf: count, mean, min, max, median, the 10-90 % band)
// and a yes/no finding's tally (nl.tallyOf: "3 of 3 seeds", "4 of 5 seeds, not at seed 3").
// Nothing here computes a figure.

/** Seeds first, first + 1, … (count of them), past 4294967295 on from 0, as mnist/over_seeds.hpp's. */
export const consecutiveSeeds = (first, count) => Array.from({ length: count }, (_, k) => (first + k) % 2 ** 32);

/** The core's spread of the values (one per seed): {count, mean, min, max, median, low, high}. */
export const spreadOf = (nl, values) => nl.spreadOf(values);

/** The core's tally of a finding over seeds: {holds, count, holding, failing, text}. */
export const tallyOf = (nl, seeds, holds) => nl.tallyOf(seeds, holds);

/** "seeds 1 to 3", "seed 4", "seeds 4294967295 and 0". */
export function seedsText(seeds) {
  if (seeds.length === 1) return `seed ${seeds[0]}`;
  if (seeds.length === 2) return `seeds ${seeds[0]} and ${seeds[1]}`;
  return seeds.every((s, k) => k === 0 || s === seeds[k - 1] + 1)
    ? `seeds ${seeds[0]} to ${seeds.at(-1)}`
    : `seeds ${seeds.slice(0, -1).join(', ')} and ${seeds.at(-1)}`;
}

/** "1 of 3 seeds whole", "0 of 1 seed whole": how many of a run's seeds are all measured. */
export const wholeText = (whole, count) => `${whole} of ${count} seed${count === 1 ? '' : 's'} whole`;
