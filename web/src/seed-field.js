// A seed field: a whole number from 0 to 2^32 - 1. Anything else, an emptied field included, puts
// the field back to the seed in use; it is never read as seed 0.
export function watchSeedField(input, current, apply) {
  input.addEventListener('change', () => {
    const text = input.value.trim();
    const seed = Number(text);
    if (text !== '' && Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32) apply(seed);
    else input.value = String(current());
  });
}
