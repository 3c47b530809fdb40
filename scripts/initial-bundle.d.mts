// Types for initial-bundle.mjs, which the bench (apps/server/bench/web.ts) imports to measure the initial JS.
export const CONSOLE_MARKERS: RegExp[];
export function startChunks(html: string): string[];
export function staticImports(code: string, file: string): string[];
export function initialChunks(dist: string, read?: (file: string) => string): string[];
export function consoleInInitialBundle(
  dist: string,
  read?: (file: string) => string,
): { file: string; marker: string }[];
export function consoleChunks(dist: string): string[];
