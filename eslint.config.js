import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
const webFeatures = readdirSync(path.join(root, 'apps/web/src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// A server module's public face is its services (`*.service.ts`): another module calls those, never its
// routes, helpers or queries.
const serverModulesDir = path.join(root, 'apps/server/src/modules');
const serverModules = readdirSync(serverModulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({
    name: d.name,
    services: readdirSync(path.join(serverModulesDir, d.name)).filter((f) => f.endsWith('.service.ts')),
  }));

// Libraries that talk to the outside world (mail, Telegram, Redis, object storage, queues): only
// apps/server/src/integrations/ may import them, so every outside call has one place to be found and faked.
const outsideLibraries = ['nodemailer', 'grammy', 'ioredis', '@aws-sdk/*', 'pg', 'pg-boss', 'graphile-worker'];
const outsideMessage = 'Only apps/server/src/integrations/ talks to the outside; import it from there.';
const outsidePatterns = [{ group: outsideLibraries, message: outsideMessage }];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'apps/server/src/db/migrations/**', '**/*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },

  // Layers. import-x/no-cycle skips type-only imports by design; `npm run lint:circles` (madge) sees those.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    // Tests reach across layers on purpose (a lib test drives the wallet service) and nothing imports them.
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads only .js files when it follows imports, and no-cycle would see no circle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          alias: { '@': [path.join(root, 'apps/web/src')] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Web: a feature uses another only through its public index; shared pieces live in components/ or lib/.
            ...webFeatures.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: webFeatures.flatMap((other) =>
                other === feature ? [`./${other}`] : [`./${other}/index.ts`, `./${other}/index.tsx`],
              ),
              message: 'A feature may not reach into another feature; move the shared piece to components/ or lib/.',
            })),
            {
              target: ['apps/web/src/components', 'apps/web/src/lib'],
              from: 'apps/web/src/features',
              message: 'Shared components and lib sit below the features and import none of them.',
            },
            ...serverModules.map((mod) => ({
              target: `apps/server/src/modules/${mod.name}`,
              from: 'apps/server/src/modules',
              except: serverModules.flatMap((other) =>
                other.name === mod.name ? [`./${other.name}`] : other.services.map((f) => `./${other.name}/${f}`),
              ),
              message: 'Another module is used only through its services (*.service.ts), never its internals.',
            })),
            // Plugins (the auth guard) reach a module the way another module does: through its services.
            {
              target: 'apps/server/src/plugins',
              from: 'apps/server/src/modules',
              except: serverModules.flatMap((mod) => mod.services.map((f) => `./${mod.name}/${f}`)),
              message: 'Plugins use a module only through its services (*.service.ts), never its internals.',
            },
            // Server: the app's shared types come from the leaf app-types.ts, never from app.ts (which imports
            // every module), and the leaf itself imports no module.
            {
              target: ['apps/server/src/modules', 'apps/server/src/lib', 'apps/server/src/plugins'],
              from: 'apps/server/src/app.ts',
              message: 'Take AppInstance, AppContext and ModuleOptions from app-types.ts.',
            },
            {
              target: ['apps/server/src/app-types.ts', 'apps/server/src/lib', 'apps/server/src/integrations'],
              from: 'apps/server/src/modules',
              message: 'lib/, integrations/ and app-types.ts sit below the modules and import none of them.',
            },
            {
              target: ['apps/server/src/db/client.ts', 'apps/server/src/db/schema'],
              from: 'apps/server/src/modules',
              message: 'The database layer imports no module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/integrations/**', 'apps/server/src/db/**', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: outsidePatterns }] },
  },
  {
    // The database layer opens PostgreSQL connections itself; nothing else outside.
    files: ['apps/server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: outsideLibraries.filter((l) => l !== 'pg'), message: outsideMessage }] },
      ],
    },
  },
  {
    // Only services touch the database: routes and jobs parse, call a service and shape the answer; consumers,
    // helpers and every other file of a module call services too. A transaction handle's type may pass through
    // (a consumer hands its `tx` to a service); drizzle, the tables and the client itself may not.
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/**/*.routes.ts', 'apps/server/src/**/*.job.ts'],
    ignores: ['**/*.service.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/*', '!**/db/client.ts', '**/db/schema', '**/db/schema/*'],
              message: 'Only services touch the database; move the query into the module’s service.',
            },
            {
              group: ['**/db/client.ts'],
              allowTypeImports: true,
              message: 'Only services touch the database; move the query into the module’s service.',
            },
          ],
        },
      ],
    },
  },
);
