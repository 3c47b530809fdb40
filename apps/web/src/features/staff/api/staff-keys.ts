/** The console's query keys: every list under ['staff', <screen>], so a change refreshes its screen. */
export const staffKeys = {
  all: ['staff'] as const,
  list: (screen: string) => ['staff', screen] as const,
};
