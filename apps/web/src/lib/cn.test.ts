import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

/**
 * cn's own table against tailwind-merge (which it replaced to keep ~8 KiB out of the initial JavaScript,
 * docs/performance.md): for every class written in the app's sources, and every pair of them under the same
 * variants, both keep the same classes. A failure names the classes: add their kind to KINDS (or OVERRIDES) in cn.ts.
 */

const SRC = path.resolve(import.meta.dirname, '..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    // Not cn.ts itself: its kind names (`bg-color`, …) are not classes.
    return /\.(tsx?|css)$/.test(f) && !/\.test\.tsx?$/.test(f) && p !== path.join(SRC, 'lib/cn.ts') ? [p] : [];
  });
}

/** Every word in a string literal of the sources that could be a class. */
function classesInSources(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g))
      for (const word of (m[1] ?? m[2] ?? m[3] ?? '').split(/\s+/))
        if (/^[!\-a-z@*[]/.test(word) && !/[${}]/.test(word) && word.length < 80) found.add(word);
  }
  return [...found].sort();
}

/** The variants of a class, sorted as both merges compare them, to pair only classes that can conflict. */
const variantsOf = (cls: string) =>
  cls
    .split(/:(?![^[]*\])/)
    .slice(0, -1)
    .sort()
    .join(':');

describe('cn', () => {
  const classes = classesInSources();

  it('joins conditional classes and lets a later class of the same kind win', () => {
    const off = Math.random() > 2;
    expect(cn('p-4 text-sm', off && 'hidden', null, undefined, { 'font-bold': true }, 'p-2')).toBe(
      'text-sm font-bold p-2',
    );
    expect(cn('size-10 rounded-full', 'size-7 text-xs')).toBe('rounded-full size-7 text-xs');
    expect(cn('px-4 py-2', 'p-3')).toBe('p-3');
    expect(cn('hidden md:flex', 'flex')).toBe('md:flex flex');
    expect(cn('md:hover:bg-muted', 'hover:md:bg-card')).toBe('hover:md:bg-card');
    expect(cn('touch-target touch-target', 'tg-main:hidden')).toBe('touch-target touch-target tg-main:hidden');
  });

  it('knows every class of the sources that tailwind-merge knows, and no other', () => {
    expect(classes.length).toBeGreaterThan(500);
    const differ = classes.filter((c) => cn(`${c} ${c}`) !== twMerge(`${c} ${c}`));
    expect(differ).toEqual([]);
  });

  it('merges every pair of the sources’ classes under the same variants as tailwind-merge does', () => {
    const known = classes.filter((c) => twMerge(`${c} ${c}`) === c);
    const byVariants = new Map<string, string[]>();
    for (const c of known) byVariants.set(variantsOf(c), [...(byVariants.get(variantsOf(c)) ?? []), c]);
    const differ: string[] = [];
    let pairs = 0;
    for (const group of byVariants.values())
      for (const a of group)
        for (const b of group) {
          pairs++;
          const pair = `${a} ${b}`;
          if (cn(pair) !== twMerge(pair)) differ.push(`${pair} → cn: ${cn(pair)}, tailwind-merge: ${twMerge(pair)}`);
        }
    expect(pairs).toBeGreaterThan(100_000);
    expect(differ.slice(0, 40)).toEqual([]);
  }, 120_000);
});
