/** How soon the browser should run a posted task (the Prioritized Task Scheduling API). */
export type TaskPriority = 'user-blocking' | 'user-visible' | 'background';

type PostTask = (callback: () => void, options?: { priority?: TaskPriority }) => Promise<void>;

/**
 * The browser's `scheduler.postTask`, bound, where it has one (Chromium, so Telegram on Android and desktop);
 * null elsewhere (Safari, the unit tests). Used to split work into tasks of their own, which Lighthouse does not
 * count as one long task (docs/performance.md, Web: total blocking time).
 */
export function browserPostTask(): PostTask | null {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  return scheduler?.postTask?.bind(scheduler) ?? null;
}
