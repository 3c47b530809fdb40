/**
 * Writes the seed images' display-width variants beside them (`banner-quests.w480.webp`, …; decision 0017), as an
 * upload gets them: every instance serves them from the package, and the seed publishes them to object storage with
 * the originals. Run from apps/server after generate.ts: `node seed-assets/variants.ts`. The output is committed;
 * a test checks every seed image has all of its variants.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { variantKeyOf } from '../src/integrations/media-storage.ts';
import { makeImageVariants } from '../src/lib/image-variants.ts';

const dir = import.meta.dirname;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.png'))) {
  const original = readFileSync(path.join(dir, file));
  const variants = await makeImageVariants(original);
  if (!variants) throw new Error(`${file}: no variants (not a still image sharp reads)`);
  const sizes: string[] = [];
  for (const [width, webp] of variants) {
    writeFileSync(path.join(dir, variantKeyOf(file, width)!), webp);
    sizes.push(`${width}: ${(webp.length / 1024).toFixed(1)} KiB`);
  }
  console.info(`${file} (${(original.length / 1024).toFixed(1)} KiB) → ${sizes.join(', ')}`);
}
