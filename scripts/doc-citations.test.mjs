// Every design citation in the source points at a file in this repository (issue #13 item 7): `docs/<file>.md`
// must exist, a `§N` after a spec file must be one of its numbered sections, and no comment cites a document
// that lives elsewhere ("DESIGN §3", "spec 01 §5").
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const root = path.resolve(import.meta.dirname, '..');
const sources = execFileSync('git', ['ls-files', 'apps', 'packages', 'scripts'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && f !== 'scripts/doc-citations.test.mjs' && existsSync(path.join(root, f)));

const sectionsOf = new Map();
function sections(doc) {
  if (!sectionsOf.has(doc)) {
    const numbers = [...readFileSync(path.join(root, doc), 'utf8').matchAll(/^## (\d+)\./gm)].map((m) => m[1]);
    sectionsOf.set(doc, new Set(numbers));
  }
  return sectionsOf.get(doc);
}

test('every docs/… citation names a file that exists, and every spec section it names exists', () => {
  const problems = [];
  for (const file of sources) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/docs\/[\w./-]+\.md(?: §(\d+))?/g)) {
      const doc = m[0].split(' ')[0];
      if (!existsSync(path.join(root, doc))) problems.push(`${file}: ${doc} does not exist`);
      else if (m[1] && !sections(doc).has(m[1])) problems.push(`${file}: ${doc} has no section ${m[1]}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('no citation of a document outside the repository', () => {
  const outside = sources.filter((file) =>
    /DESIGN §\d|\bspec 0[12] §\d/.test(readFileSync(path.join(root, file), 'utf8')),
  );
  assert.deepEqual(outside, []);
});
