/** Query keys of the quest screens. */
export const questKeys = {
  all: ['quests'] as const,
  detail: (id: string) => ['quests', 'detail', id] as const,
  submissions: (id: string) => ['quests', 'submissions', id] as const,
  toReview: ['quests', 'to-review'] as const,
};
