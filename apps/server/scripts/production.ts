// How production runs the server, in one place: the bundle scripts/build.mjs writes, on the project's Node with
// these flags and this environment. The root package.json's start scripts and the Dockerfile spell the same command
// (a test in scripts/ keeps them in step); the end-to-end suite and the bench start the server with it too.
import path from 'node:path';

/**
 * - A young generation of at most 8 MB per semi-space: V8 on this Node grows it to ~56 MB under a burst and keeps it
 *   committed, a third of an idle server's memory (docs/performance.md, start and memory).
 * - WebAssembly compiled function by function on first call: the embedded database (PGlite) otherwise compiles all
 *   of PostgreSQL before its first query, ~0.5 s of a 2 s start (decision 0016 addendum). No effect on PostgreSQL.
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=8', '--wasm-lazy-compilation'];
/**
 * The environment production adds. glibc's malloc gives each thread that allocates while another holds the lock an
 * arena of its own (up to 8 per core); V8's compiler and GC threads free their memory back into those arenas, where
 * it stays resident. With two, an idle server on PostgreSQL held 110–113 MB 30 s after healthy against 114–131 MB
 * (medians 110.8 and 116.7 MB over 15 starts each; docs/performance.md, session 11; decision 0016 addendum). glibc
 * reads it only at process start, so it cannot be set from inside the server: `npm start` and the Dockerfile set it
 * before `node`.
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
export const SERVER_BUNDLE = path.resolve(import.meta.dirname, '../dist/main.js');
