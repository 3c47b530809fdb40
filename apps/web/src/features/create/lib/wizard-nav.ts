export const LAST_STEP = 3;

/** Back: from step 1 to step 0; otherwise one step back but never below step 1. */
export function backStep(step: number): number {
  if (step <= 1) return 0;
  return Math.max(1, step - 1);
}

export function nextStep(step: number): number {
  return Math.min(LAST_STEP, step + 1);
}
