import { test } from 'node:test';
import assert from 'node:assert/strict';
import { currentRoutesFile, renderRoutes } from './gen-routes.mjs';

test('routes.gen.ts matches the endpoint declarations (run `npm run gen:routes` after changing one)', async () => {
  assert.equal(await currentRoutesFile(), await renderRoutes());
});
