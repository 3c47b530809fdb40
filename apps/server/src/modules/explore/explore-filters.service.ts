import { and, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { EXPLORE_MSG, perkTypes, questTypes, type ExploreKind } from '@wyn/contract';
import { perks, perkTags, profiles, quests, questTags, tags } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * The filters search understands. `explore_filters` rows say which of them the filter sheet shows and
 * how (label, checkbox or radio, preset options); these definitions say what a value means, so a
 * request is validated here whether or not a row offers it.
 */
type FilterDef = {
  kinds: readonly ExploreKind[];
  kind: 'checkbox' | 'radio';
  /** Checks one value; returns a normalised value or null when it is not valid. */
  parse(value: string): string | null;
  /** The condition for the given (valid) values on one kind of result. */
  where(kind: ExploreKind, values: string[]): SQL;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** "min-max" in whole W, max exclusive and optional: "10-25", "50-". */
const RANGE = /^(\d{1,9})-(\d{1,9})?$/;

const oneOf = (allowed: readonly string[]) => (v: string) => (allowed.includes(v) ? v : null);

function parseRange(v: string): string | null {
  const m = RANGE.exec(v);
  if (!m) return null;
  if (m[2] !== undefined && Number(m[2]) <= Number(m[1])) return null;
  return v;
}

/** Any of the ranges, in hundredths of W. */
function rangeCondition(column: typeof quests.rewardAmount | typeof perks.costAmount, values: string[]): SQL {
  return or(
    ...values.map((v) => {
      const [, min, max] = RANGE.exec(v)!;
      const lower = gte(column, Number(min) * 100);
      return max === undefined ? lower : and(lower, lt(column, Number(max) * 100))!;
    }),
  )!;
}

/** Tags by id or by name (case-insensitive); any of them. */
function tagCondition(kind: ExploreKind, values: string[]): SQL {
  const ids = values.filter((v) => UUID.test(v));
  const names = values.filter((v) => !UUID.test(v)).map((v) => v.toLowerCase());
  const tagMatch = or(
    ids.length ? inArray(tags.id, ids) : undefined,
    names.length ? inArray(sql`lower(${tags.name})`, names) : undefined,
  )!;
  const matchingTags = sql`select ${tags.id} from ${tags} where ${tagMatch}`;
  return kind === 'tasks'
    ? inArray(
        quests.id,
        sql`(select ${questTags.questId} from ${questTags} where ${questTags.tagId} in (${matchingTags}))`,
      )
    : inArray(perks.id, sql`(select ${perkTags.perkId} from ${perkTags} where ${perkTags.tagId} in (${matchingTags}))`);
}

export const FILTERS: Record<string, FilterDef> = {
  task_type: {
    kinds: ['tasks'],
    kind: 'checkbox',
    parse: oneOf(questTypes),
    where: (_k, values) => inArray(quests.taskType, values as (typeof questTypes)[number][]),
  },
  perk_type: {
    kinds: ['perks'],
    kind: 'checkbox',
    parse: oneOf(perkTypes),
    where: (_k, values) => inArray(perks.perkType, values as (typeof perkTypes)[number][]),
  },
  tags: {
    kinds: ['tasks', 'perks'],
    kind: 'checkbox',
    parse: (v) => v.trim() || null,
    where: tagCondition,
  },
  reward_range: {
    kinds: ['tasks'],
    kind: 'radio',
    parse: parseRange,
    where: (_k, values) => rangeCondition(quests.rewardAmount, values),
  },
  cost_range: {
    kinds: ['perks'],
    kind: 'radio',
    parse: parseRange,
    where: (_k, values) => rangeCondition(perks.costAmount, values),
  },
  account_type: {
    kinds: ['users'],
    kind: 'checkbox',
    parse: oneOf(['business', 'personal']),
    where: (_k, values) => (values.length === 2 ? sql`true` : eq(profiles.isBusiness, values[0] === 'business')),
  },
};

export type ParsedFilters = Array<{ name: string; def: FilterDef; values: string[] }>;

const KIND_LABEL: Record<ExploreKind | 'mixed', string> = {
  tasks: 'quests',
  perks: 'perks',
  users: 'users',
  mixed: 'this search',
};

/**
 * Validates `filters` for a content type: every name must be a filter of that type (or, for mixed, of
 * some type) and every value valid for it. Unknown names and values are 400s with a sentence naming them.
 */
export function parseFilters(
  filters: Record<string, string | string[]>,
  contentType: ExploreKind | 'mixed',
): ParsedFilters {
  const parsed: ParsedFilters = [];
  for (const [name, raw] of Object.entries(filters)) {
    const def = Object.hasOwn(FILTERS, name) ? FILTERS[name] : undefined;
    if (!def || (contentType !== 'mixed' && !def.kinds.includes(contentType))) {
      const message = EXPLORE_MSG.unknownFilter(name, KIND_LABEL[contentType]);
      throw badRequest(message, { [`filters.${name}`]: [message] });
    }
    const list = [...new Set(Array.isArray(raw) ? raw : [raw])];
    if (def.kind === 'radio' && list.length > 1) {
      const message = EXPLORE_MSG.radioOneValue(name);
      throw badRequest(message, { [`filters.${name}`]: [message] });
    }
    const values: string[] = [];
    for (const v of list) {
      const ok = def.parse(v);
      if (ok === null) {
        const message = EXPLORE_MSG.badFilterValue(name, v);
        throw badRequest(message, { [`filters.${name}`]: [message] });
      }
      values.push(ok);
    }
    if (values.length) parsed.push({ name, def, values });
  }
  return parsed;
}

/**
 * In a mixed search a kind takes part only when every filter applies to it: a quest-type filter
 * shows only quests, a tags filter quests and perks.
 */
export function kindAccepts(kind: ExploreKind, filters: ParsedFilters): boolean {
  return filters.every((f) => f.def.kinds.includes(kind));
}

export function filterConditions(kind: ExploreKind, filters: ParsedFilters): SQL[] {
  return filters.map((f) => f.def.where(kind, f.values));
}
