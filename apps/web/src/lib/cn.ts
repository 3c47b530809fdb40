import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names and lets a later Tailwind class win over an earlier one of the same kind (`cn('p-4', 'p-2')`
 * is `p-2`), as tailwind-merge does, for the utilities this app uses. tailwind-merge's table of every Tailwind
 * utility was 8 of the 8.5 KiB it added to the initial JavaScript (docs/performance.md, Web); this one knows the
 * kinds of utility the app's sources use, and cn.test.ts checks it against tailwind-merge for every pair of classes
 * written in them. A class it does not know is kept as it is (as tailwind-merge keeps one it does not know); the
 * test names any class tailwind-merge would merge that this table does not know, so its kind can be added here.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** Whole classes and their kind: `kind:class class …|…`. */
const WHOLE = new Map(
  (
    'display:block inline-block inline flex inline-flex grid inline-grid contents flow-root list-item hidden table|' +
    'position:static fixed absolute relative sticky|visibility:visible invisible collapse|sr:sr-only not-sr-only|' +
    'text-overflow:truncate text-ellipsis text-clip|text-transform:uppercase lowercase capitalize normal-case|' +
    'font-style:italic not-italic|text-decoration:underline overline line-through no-underline|' +
    'fvn-spacing:tabular-nums proportional-nums|fvn-normal:normal-nums|filter:filter filter-none|outline-w:outline|' +
    'ring-w:ring|shadow:shadow|border-w:border|grow:grow|shrink:shrink|transition:transition|blur:blur|' +
    'drop-shadow:drop-shadow|backdrop-blur:backdrop-blur|resize:resize'
  )
    .split('|')
    .flatMap((group) => {
      const [kind, classes] = group.split(':') as [string, string];
      return classes.split(' ').map((c) => [c, kind] as const);
    }),
);

/** A length as tailwind-merge reads one (a number, or an arbitrary value with a unit, `length:` or calc()). */
const LENGTH = String.raw`\d+(\.\d+)?%?|\[(length:.+|-?[\d.]+(px|rem|em|%|vh|vw|dvh|ch)|(calc|min|max|clamp)\(.+\))\]`;
/**
 * Kinds that depend on the value (the first match wins; `$n` in a name is the pattern's group n), then `prefix-…`
 * classes whose kind is their prefix.
 */
const BY_VALUE: [RegExp, string][] = [
  [new RegExp(`^text-(xs|sm|base|lg|\\d?xl|${LENGTH})$`), 'font-size'],
  [/^text-(left|center|right|justify|start|end)$/, 'text-alignment'],
  [/^text-(wrap|nowrap|balance|pretty)$/, 'text-wrap'],
  [/^(outline|underline)-offset-/, '$1-offset'],
  [/^divide-([xy])(-\d+)?$/, 'divide-$1'],
  [/^(text|bg|from|via|to|ring|divide|outline|fill|stroke|shadow|accent|caret|decoration)-/, ''],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/, 'font-weight'],
  [/^font-/, 'font-family'],
  [/^flex-(\d+|auto|initial|none|\[.+\])$/, 'flex'],
  [/^flex-(row|col)/, 'flex-direction'],
  [/^flex-(wrap|nowrap)/, 'flex-wrap'],
  [/^overflow(-[xy])?-(auto|hidden|clip|visible|scroll)$/, 'overflow$1'],
  [/^object-(contain|cover|fill|none|scale-down)$/, 'object-fit'],
  [/^object-/, 'object-position'],
  [/^rounded(-(ss|se|ee|es|tl|tr|br|bl|[setrbl]))?(-|$)/, 'rounded$1'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  [new RegExp(`^border(-[xysetrbl])?(-(${LENGTH}))?$`), 'border-w$1'],
  [/^border(-[xysetrbl])?-/, 'border-color$1'],
  [/^(col|row)-(span-|auto$)/, '$1-start-end'],
  [/^space-([xy])-reverse$/, 'space-$1-reverse'],
  [/^snap-(start|end|center|align-none)$/, 'snap-align'],
  [/^snap-(x|y|both|none)$/, 'snap-type'],
  [/^animate-(none|spin|ping|pulse|bounce|\[.+\])$/, 'animate'],
  [/^justify-(normal|start|end|center|between|around|evenly|stretch|baseline)$/, 'justify-content'],
  [/^items-(start|end|center|baseline|stretch)$/, 'align-items'],
  [/^self-(auto|start|end|center|stretch|baseline)$/, 'align-self'],
  [/^scrollbar-(auto|thin|none)$/, 'scrollbar'],
  [/^pointer-events-(none|auto)$/, 'pointer-events'],
  [/^list-(none|disc|decimal|\[.+\])$/, 'list-style-type'],
  [/^break-(normal|words|all|keep)$/, 'break'],
  [/^(grow|shrink)-/, '$1'],
  [/^scale-([xy])-/, 'scale-$1'],
  [/^translate-([xy])-/, 'translate-$1'],
  [/^\[([a-z-]+):.+\]$/, 'arbitrary..$1'],
  [
    /^(p[xysetrbl]?|m[xysetrbl]?|size|[wh]|min-[wh]|max-[wh]|inset(-[xy])?|top|right|bottom|left|start|end|gap(-[xy])?|space-[xy]|scroll-[pm][xysetrbl]?)-(\d.*|px|full|auto|screen|min|max|fit|[dsl]vh|xs|sm|md|lg|\d?xl|prose|none|\[.*|\(.*)$/,
    '$1',
  ],
  [/^select-(none|text|all|auto)$/, 'select'],
  [
    /^(z|basis|order|grid-cols|grid-rows|(col|row)-(start|end)|auto-(cols|rows)|grid-flow|leading|tracking|underline-offset|outline-offset|whitespace|line-clamp|align|opacity|drop-shadow|backdrop-blur|blur|transition|duration|ease|delay|rotate|origin|aspect|cursor|appearance|resize|scale|justify-(items|self)|place-(content|items|self))-/,
    '$1',
  ],
];

/** Kinds of `text-`, `bg-`, `ring-`, … decided by the value: a size or width, else a colour. */
function colourOrSize(prefix: string, value: string): string {
  if (prefix === 'bg') {
    if (/^(no-repeat|repeat(-.+)?)$/.test(value)) return 'bg-repeat';
    if (/^(auto|cover|contain|\[length:.+\])$/.test(value)) return 'bg-size';
    if (/^(none|linear-to-.+|\[url\(.+\)\])$/.test(value)) return 'bg-image';
  }
  if (/^(ring|outline|stroke|decoration)$/.test(prefix) && /^\d+$/.test(value)) return `${prefix}-w`;
  if (prefix === 'outline' && /^(none|hidden|solid|dashed|dotted|double)$/.test(value)) return 'outline-style';
  if (prefix === 'shadow' && /^(2xs|xs|sm|md|lg|xl|2xl|none|inner|\[[^\]]*_.*\])$/.test(value)) return 'shadow';
  return `${prefix}-color`;
}

function kindOf(base: string): string | null {
  const whole = WHOLE.get(base);
  if (whole) return whole;
  for (const [re, kind] of BY_VALUE) {
    const m = re.exec(base);
    if (!m) continue;
    if (kind) return kind.replace(/\$(\d)/g, (_, n: string) => m[Number(n)] ?? '');
    const dash = base.indexOf('-');
    return colourOrSize(base.slice(0, dash), base.slice(dash + 1));
  }
  return null;
}

/** Variants whose order matters (`before:`, `placeholder:`, …); the others compare in any order. */
const ORDER_SENSITIVE =
  /^(\*\*?|after|backdrop|before|file|first-letter|first-line|marker|placeholder|selection|\[.*)$/;

const sides = (kind: string, list: string) => list.split(' ').map((s) => kind + s);
/** A kind that overrides others, as in tailwind-merge (conflictingClassGroups), for the kinds above. */
const OVERRIDES: Record<string, string[]> = {
  overflow: sides('overflow', '-x -y'),
  inset: ['inset-x', 'inset-y', ...sides('', 'start end top right bottom left')],
  'inset-x': sides('', 'start end right left'),
  'inset-y': sides('', 'top bottom'),
  flex: sides('', 'basis grow shrink'),
  gap: sides('gap', '-x -y'),
  p: sides('p', 'x y s e t r b l'),
  px: sides('p', 's e r l'),
  py: sides('p', 't b'),
  m: sides('m', 'x y s e t r b l'),
  mx: sides('m', 's e r l'),
  my: sides('m', 't b'),
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  'fvn-normal': ['fvn-spacing'],
  'fvn-spacing': ['fvn-normal'],
  rounded: sides('rounded-', 's e t r b l ss se ee es tl tr br bl'),
  'rounded-s': sides('rounded-', 'ss es'),
  'rounded-e': sides('rounded-', 'se ee'),
  'rounded-t': sides('rounded-', 'tl tr'),
  'rounded-r': sides('rounded-', 'tr br'),
  'rounded-b': sides('rounded-', 'br bl'),
  'rounded-l': sides('rounded-', 'tl bl'),
  'border-w': sides('border-w-', 'x y s e t r b l'),
  'border-w-x': sides('border-w-', 's e r l'),
  'border-w-y': sides('border-w-', 't b'),
  'border-color': sides('border-color-', 'x y s e t r b l'),
  'border-color-x': sides('border-color-', 's e r l'),
  'border-color-y': sides('border-color-', 't b'),
  'scroll-p': sides('scroll-p', 'x y s e t r b l'),
  'scroll-px': sides('scroll-p', 's e r l'),
  'scroll-py': sides('scroll-p', 't b'),
  'scroll-m': sides('scroll-m', 'x y s e t r b l'),
  'scroll-mx': sides('scroll-m', 's e r l'),
  'scroll-my': sides('scroll-m', 't b'),
};

const merged = new Map<string, string>();

function mergeClasses(classes: string): string {
  let result = merged.get(classes);
  if (result !== undefined) return result;
  const taken = new Set<string>();
  const kept: string[] = [];
  const list = classes.split(/\s+/).filter(Boolean);
  for (let i = list.length - 1; i >= 0; i--) {
    const cls = list[i]!;
    // `md:hover:!-mt-2`: variants split outside brackets, `!`, a leading `-`, and a `/…` modifier tried without.
    const parts = cls.split(/:(?![^[(]*[\])])/);
    let base = parts.pop()!;
    const important = /^!|!$/.test(base);
    base = base.replace(/^!|!$/g, '').replace(/^-(?=.)/, '');
    const slash = base.search(/\/[^\]]*$/);
    const kind = (slash > 0 && !base.startsWith('[') && kindOf(base.slice(0, slash))) || kindOf(base);
    if (kind) {
      const run: string[] = [];
      const variants: string[] = [];
      for (const v of parts)
        if (ORDER_SENSITIVE.test(v)) variants.push(...run.splice(0).sort(), v);
        else run.push(v);
      const scope = [...variants, ...run.sort()].join(':') + (important ? '!' : '') + ' ';
      if (taken.has(scope + kind)) continue;
      for (const k of [kind, ...(OVERRIDES[kind] ?? [])]) taken.add(scope + k);
    }
    kept.push(cls);
  }
  result = kept.reverse().join(' ');
  if (merged.size > 500) merged.clear();
  merged.set(classes, result);
  return result;
}
