/** How many responses had each status, e.g. `{ 200: 1, 409: 9 }`: asserting it whole leaves no status unchecked. */
export function statusCounts(results: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}
