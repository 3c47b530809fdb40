/** Query keys of creator analytics: one entry per item and window. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  quest: (id: string, days: number) => ['analytics', 'quest', id, days] as const,
  perk: (id: string, days: number) => ['analytics', 'perk', id, days] as const,
  summary: (days: number) => ['analytics', 'summary', days] as const,
};
