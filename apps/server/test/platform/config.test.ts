import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const base = { DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(40) };

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('should use the embedded defaults: SQLite in DATA_DIR, port 8080, demo data, own origin for the form', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'sqlite', file: '/tmp/portal-config-test/portal.sqlite' });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.loginFormOrigins).toEqual(['http://localhost:8080']);
    expect(config.seedDemo).toBe(true);
  });

  it('should choose PostgreSQL by DATABASE_URL', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@db:5432/portal' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/portal',
    });
  });

  it.each([
    ['PORT', 'achtzig'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['HOST_ORIGIN', 'nicht-url'],
    ['LOGIN_FORM_ORIGINS', 'http://ok.example,ftp://nein'],
    ['EXTERNAL_API_KEY', 'kurz'],
    ['JWT_SECRET', 'kurz'],
    ['CONTACT_EMAIL', 'keine-adresse'],
    ['SMTP_URL', 'http://mail'],
    ['STORAGE_URL', 's3://bucket'],
    ['NODE_ENV', 'staging'],
  ])('should stop with a message naming %s for the value %s', (name, value) => {
    expect(errorOf({ [name]: value })).toContain(name);
  });

  it('should demand PUBLIC_URL, JWT_SECRET and HOST_ORIGIN in production, and seed nothing there', () => {
    const message = errorOf({ NODE_ENV: 'production', JWT_SECRET: '' });
    expect(message).toContain('HOST_ORIGIN');
    expect(message).toContain('JWT_SECRET');
    expect(message).toContain('PUBLIC_URL');
    const config = loadConfig({
      ...base,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example',
      HOST_ORIGIN: 'https://www.example',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.loginFormOrigins).toEqual([]);
  });
});
