import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleChunks, consoleInInitialBundle, initialChunks, startChunks, staticImports } from './initial-bundle.mjs';

/** A build in memory: file name under dist → text. */
const reader = (files) => (f) => {
  if (!(f in files)) throw new Error(`no ${f}`);
  return files[f];
};

const html = `<!doctype html><html><head>
<script src="/tg-boot.js"></script>
<script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-B.js">
<link rel="stylesheet" crossorigin href="/assets/index-C.css">
<link rel="modulepreload" href="https://cdn.example/x.js">
</head><body></body></html>`;

test('index.html starts with its module entry and its modulepreloads, nothing else', () => {
  assert.deepEqual(startChunks(html), ['assets/index-A.js', 'assets/react-B.js']);
});

test('static imports count, dynamic ones do not', () => {
  const code =
    'import{a as b}from"./react-B.js";import"./side-D.js";export{c}from"./re-E.js";' +
    'const l=()=>import("./staff-page-F.js");import {x} from "../up-G.js"';
  assert.deepEqual(staticImports(code, 'assets/index-A.js'), [
    'assets/react-B.js',
    'assets/side-D.js',
    'assets/re-E.js',
    'up-G.js',
  ]);
});

test('a console chunk reached at start through a static import is caught; a lazy one is not', () => {
  const lazy = {
    'index.html': html,
    'assets/index-A.js': 'import"./react-B.js";const s=()=>import("./staff-page-F.js");',
    'assets/react-B.js': 'export const r=1;',
    'assets/staff-page-F.js': 'const t="Console screen";document.title="Staff · Banners";',
  };
  assert.deepEqual(initialChunks('dist', reader(lazy)), ['assets/index-A.js', 'assets/react-B.js']);
  assert.deepEqual(consoleInInitialBundle('dist', reader(lazy)), []);

  const leaked = {
    ...lazy,
    'assets/react-B.js': 'import"./shared-H.js";',
    'assets/shared-H.js': 'x="Staff \\xB7 Audit log"',
  };
  assert.deepEqual(consoleInInitialBundle('dist', reader(leaked)), [
    { file: 'assets/shared-H.js', marker: String(/Staff (?:·|\\xB7|\\u00B7) /i) },
  ]);
});

const dist = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'apps/web/dist');
test(
  'the web build, when there is one, loads no console code at start',
  { skip: existsSync(path.join(dist, 'index.html')) ? false : 'no build (npm run test:e2e checks it after building)' },
  () => {
    assert.ok(consoleChunks(dist).length > 0, 'the console markers are in the build');
    assert.deepEqual(consoleInInitialBundle(dist), []);
  },
);
