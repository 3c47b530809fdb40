import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'wyn-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('TRUST_PROXY', () => {
  it('is a number of proxies to believe: off by default, true is one, a number is that many', () => {
    expect(load({}).trustProxy).toBe(0);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => load({ TRUST_PROXY: 'yes' })).toThrow(ConfigError);
    expect(() => load({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
