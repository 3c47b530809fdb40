// How production runs the server, in one place: the bundle scripts/build.mjs writes, on the project's Node with
// these flags. The root package.json's start scripts and the Dockerfile spell the same command (a test in
// scripts/ keeps them in step); the end-to-end suite and the bench start the server with it too.
import path from 'node:path';

/**
 * - A young generation of at most 8 MB per semi-space: V8 on this Node grows it to ~56 MB under a burst and keeps it
 *   committed, a third of an idle server's memory (docs/performance.md, start and memory).
 * - WebAssembly compiled function by function on first call: the embedded database (PGlite) otherwise compiles all
 *   of PostgreSQL before its first query, ~0.5 s of a 2 s start (decision 0016 addendum). No effect on PostgreSQL.
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=8', '--wasm-lazy-compilation'];
export const SERVER_BUNDLE = path.resolve(import.meta.dirname, '../dist/main.js');
