/** Splits a WordPress id list (`['1,2', '3']`) into numbers. */
export function idList(values: readonly string[] | string | undefined): number[] | undefined {
  if (values === undefined) return undefined;
  return (Array.isArray(values) ? values : [values])
    .flatMap((v) => v.split(','))
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
