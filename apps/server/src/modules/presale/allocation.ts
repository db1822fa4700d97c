/**
 * Pro-rata allocation in the token's smallest units: each subscription gets
 * floor(requested × amount / total); the units left over (fewer than the subscriptions) go one each
 * to the largest remainders, earlier subscriptions first on a tie. When the sale is not
 * oversubscribed everyone gets what they asked for. The result always sums to min(amount, total).
 */
export function allocateProRata(requested: readonly bigint[], amount: bigint): bigint[] {
  const total = requested.reduce((sum, units) => sum + units, 0n);
  if (total <= amount) return [...requested];
  const shares = requested.map((units, index) => ({ index, units: (units * amount) / total, remainder: (units * amount) % total }));
  let left = amount - shares.reduce((sum, share) => sum + share.units, 0n);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.units += 1n;
    left -= 1n;
  }
  return shares.map((share) => share.units);
}

/** A winning quantity split over unlock stages by percentage; the last stage takes what rounding leaves. */
export function splitStages(winning: bigint, percents: readonly string[]): bigint[] {
  const hundredths = percents.map((p) => {
    const [whole = '0', fraction = ''] = p.split('.');
    return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  });
  const parts = hundredths.map((h) => (winning * h) / 10_000n);
  const given = parts.slice(0, -1).reduce((sum, part) => sum + part, 0n);
  parts[parts.length - 1] = winning - given;
  return parts;
}
