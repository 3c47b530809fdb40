import path from 'node:path';

/**
 * Files the server reads from its own package, resolved from here: this module sits one level below the package
 * (`src/`), as the production bundle does (`dist/main.js`, built by scripts/build.mjs), so the same code finds them
 * whether it runs from source or from the bundle.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');
export const SEED_ASSETS_DIR = path.join(SERVER_ROOT, 'seed-assets');
export const DEFAULT_WEB_DIST = path.join(SERVER_ROOT, '../web/dist');
