/**
 * Moving one item up or down a list shown by `order`: the orders to save so the list reads `base`, `base` + 1, …
 * in the new sequence (`base` 0 for a whole list; a later page starts from its first item's order, so it stays
 * after the pages before it). Only items whose order changes are returned (usually two; more when orders had
 * ties or gaps).
 */
export function moveItem<T extends { id: string; order: number }>(
  items: readonly T[],
  index: number,
  direction: -1 | 1,
  base = 0,
): { id: string; order: number }[] {
  const target = index + direction;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next.flatMap((item, i) => (item.order === base + i ? [] : [{ id: item.id, order: base + i }]));
}

/** An array with the element at `index` moved one place up (-1) or down (1); unchanged at the ends. */
export function moveInArray<T>(items: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  const next = [...items];
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The id in a pasted id or app link (`…/quest/<id>`), lower-cased; null when there is none. */
export function idFromInput(text: string): string | null {
  return text.match(UUID)?.[0].toLowerCase() ?? null;
}
