// The staff console stays out of the initial bundle (issue #15 item 10, decision 0014): after `npm run build`, no
// chunk that index.html loads at start (its module entry script, its modulepreloads and every chunk they import
// statically) holds console code. Console code is recognised by its text ("Console screen", the console's
// navigation; "Staff · …", each screen's document title), so a chunk merged or renamed by the bundler is still
// caught. Run by `npm run test:e2e` right after the build: `node scripts/initial-bundle.mjs [dist dir]`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Text only the staff console's chunks hold (minifiers may write the middle dot as an escape). */
export const CONSOLE_MARKERS = [/Console screen/, /Staff (?:·|\\xB7|\\u00B7) /i];

/** The chunks index.html starts with: its module entry scripts and modulepreloads, as paths under `dist`. */
export function startChunks(html) {
  const found = new Set();
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isEntry = /^<script\b/.test(tag) && /\btype=["']?module\b/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel=["']?modulepreload\b/.test(tag);
    if (!isEntry && !isPreload) continue;
    const url = tag.match(/\b(?:src|href)=["']?([^"'\s>]+)/)?.[1];
    if (url && !/^[a-z]+:/i.test(url)) found.add(url.replace(/^\//, ''));
  }
  return [...found];
}

/**
 * The chunks a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`),
 * resolved against its own folder; dynamic `import("./x.js")`, which loads later, is not one of them.
 */
export function staticImports(code, file) {
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+?\.js)["']/g;
  return [...code.matchAll(re)].map((m) => path.posix.join(path.posix.dirname(file), m[1]));
}

/** Every chunk loaded at start: the start chunks and, transitively, what they import statically. */
export function initialChunks(dist, read = (f) => readFileSync(path.join(dist, f), 'utf8')) {
  const seen = new Set();
  const queue = startChunks(read('index.html'));
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(read(file), file));
  }
  return [...seen];
}

/** The initial chunks that hold console code, with the marker found (none is the answer wanted). */
export function consoleInInitialBundle(dist, read = (f) => readFileSync(path.join(dist, f), 'utf8')) {
  return initialChunks(dist, read).flatMap((file) => {
    const code = read(file);
    const marker = CONSOLE_MARKERS.find((m) => m.test(code));
    return marker ? [{ file, marker: String(marker) }] : [];
  });
}

/** Every chunk of the build that holds console code (so the check is known to look for something that exists). */
export function consoleChunks(dist) {
  return readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .filter((f) => CONSOLE_MARKERS.some((m) => m.test(readFileSync(path.join(dist, 'assets', f), 'utf8'))));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error(`initial-bundle: no build at ${dist} (run npm run build first)`);
    process.exit(1);
  }
  if (!consoleChunks(dist).length) {
    console.error('initial-bundle: no chunk holds the console markers: update CONSOLE_MARKERS, the check sees nothing');
    process.exit(1);
  }
  const initial = initialChunks(dist);
  const leaks = consoleInInitialBundle(dist);
  if (leaks.length) {
    console.error('initial-bundle: the staff console is in the initial bundle (it must stay a lazy route):');
    for (const l of leaks) console.error(`  ${l.file} matches ${l.marker}`);
    process.exit(1);
  }
  console.info(`initial-bundle: ${initial.length} chunks load at start, none holds the staff console`);
}
