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

describe('QUEST_EXPIRY_SCAN_SECONDS', () => {
  it('is a minute by default, and any whole number of seconds up to one', () => {
    expect(load({}).questExpiryScanSeconds).toBe(60);
    expect(load({ QUEST_EXPIRY_SCAN_SECONDS: '2' }).questExpiryScanSeconds).toBe(2);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['0', '61', '1.5', 'soon'])
      expect(() => load({ QUEST_EXPIRY_SCAN_SECONDS: bad }), bad).toThrow(/QUEST_EXPIRY_SCAN_SECONDS/);
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('is 10 by default, and any whole number from 2 to 200', () => {
    expect(load({}).databasePoolSize).toBe(10);
    expect(load({ DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['1', '201', '2.5', 'many'])
      expect(() => load({ DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('S3_*', () => {
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'wyn-media',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('unset keeps media in DATA_DIR; all five set select object storage', () => {
    expect(load({}).s3).toBeUndefined();
    expect(load(s3).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'wyn-media',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
  });

  it('is all or none: a missing one stops start-up, naming it', () => {
    const { S3_SECRET_ACCESS_KEY: _, ...withoutSecret } = s3;
    expect(() => load(withoutSecret)).toThrow(ConfigError);
    expect(() => load(withoutSecret)).toThrow(/S3_SECRET_ACCESS_KEY: required when S3_ENDPOINT, S3_BUCKET/);
    expect(() => load({ S3_BUCKET: 'wyn-media' })).toThrow(/S3_ENDPOINT: required when S3_BUCKET is set/);
    expect(() => load({ ...s3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => load({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
  });
});
