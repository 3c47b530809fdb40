import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One figure of docs/performance.md: what was measured, its value, the budget, and whether it met it. */
export type ResultRow = {
  section: string;
  figure: string;
  value: string;
  budget: string;
  /** null: a figure without a budget (a baseline, a count). */
  pass: boolean | null;
};

/**
 * Every section of `npm run bench` adds its figures here; at the end they are printed as one table (figure, value,
 * budget, pass/fail) and written to bench-results.json with the machine they were measured on.
 */
export function createResultTable() {
  const rows: ResultRow[] = [];
  return {
    rows,
    add(row: ResultRow) {
      rows.push(row);
    },
    get failed() {
      return rows.some((r) => r.pass === false);
    },
    print() {
      const widths = { section: 9, figure: 46, value: 34 };
      console.info('\n== All figures\n');
      console.info(
        'section'.padEnd(widths.section),
        'figure'.padEnd(widths.figure),
        'value'.padEnd(widths.value),
        'budget',
      );
      for (const r of rows) {
        const verdict = r.pass === null ? '' : r.pass ? '  ok' : '  MISSED';
        console.info(
          r.section.padEnd(widths.section),
          r.figure.padEnd(widths.figure),
          r.value.padEnd(widths.value),
          `${r.budget}${verdict}`,
        );
      }
    },
    write(file: string) {
      const machine = {
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? 'unknown',
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
      };
      writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), machine, rows }, null, 2) + '\n');
      console.info(`\nwritten to ${path.relative(process.cwd(), file) || file}`);
    },
  };
}
export type ResultTable = ReturnType<typeof createResultTable>;

export const ms = (n: number) => `${n.toFixed(0)} ms`;
export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
