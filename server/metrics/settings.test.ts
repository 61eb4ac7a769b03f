import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';

afterEach(() => vi.unstubAllEnvs());

describe('the metrics and access-log settings', () => {
  it('keep metrics off unless METRICS_PORT names a port, on loopback by default', () => {
    expect(loadConfig({}).METRICS_PORT).toBe(0);
    expect(loadConfig({ METRICS_PORT: '' }).METRICS_PORT).toBe(0);
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).METRICS_HOST).toBe('10.0.0.5');
    for (const bad of ['-1', '65536', '9464.5', 'metrics']) expect(() => loadConfig({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT/);
  });

  it('log each request by default, but not under a test runner (NODE_ENV=test), unless ACCESS_LOG says', () => {
    // vitest runs this file with NODE_ENV=test, also when a test passes an environment of its own.
    expect(loadConfig({}).ACCESS_LOG).toBe(false);
    expect(loadConfig({ ACCESS_LOG: 'true' }).ACCESS_LOG).toBe(true);
    vi.stubEnv('NODE_ENV', 'production');
    expect(loadConfig({}).ACCESS_LOG).toBe(true);
    expect(loadConfig({ ACCESS_LOG: 'false' }).ACCESS_LOG).toBe(false);
    expect(() => loadConfig({ ACCESS_LOG: 'yes' })).toThrow(/ACCESS_LOG/);
  });

  it('name the instance by host and process unless INSTANCE_ID is a plain short name', () => {
    expect(loadConfig({}).INSTANCE_ID).toMatch(new RegExp(`-${process.pid}$`));
    expect(loadConfig({ INSTANCE_ID: 'api-2' }).INSTANCE_ID).toBe('api-2');
    expect(() => loadConfig({ INSTANCE_ID: 'has space' })).toThrow(/INSTANCE_ID/);
  });
});
