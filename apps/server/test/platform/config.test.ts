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

  it('should choose PostgreSQL by DATABASE_URL, with a statement timeout of 5 s unless set', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@db:5432/portal' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/portal',
      statementTimeoutMs: 5_000,
    });
    const slow = { ...base, DATABASE_URL: 'postgres://u@db/p', DATABASE_STATEMENT_TIMEOUT_SECONDS: '30' };
    expect(loadConfig(slow).database).toMatchObject({ statementTimeoutMs: 30_000 });
  });

  it('should give a request 9 s of database time on either database unless set', () => {
    expect(loadConfig(base).databaseRequestTimeoutMs).toBe(9_000);
    expect(loadConfig({ ...base, DATABASE_REQUEST_TIMEOUT_SECONDS: '20' }).databaseRequestTimeoutMs).toBe(
      20_000,
    );
  });

  it.each([
    ['PORT', 'achtzig'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_STATEMENT_TIMEOUT_SECONDS', '0'],
    ['DATABASE_REQUEST_TIMEOUT_SECONDS', '0'],
    ['HOST_ORIGIN', 'nicht-url'],
    ['LOGIN_FORM_ORIGINS', 'http://ok.example,ftp://nein'],
    ['EXTERNAL_API_KEY', 'kurz'],
    ['JWT_SECRET', 'kurz'],
    ['CONTACT_EMAIL', 'keine-adresse'],
    ['SMTP_URL', 'http://mail'],
    ['STORAGE_URL', 's3://bucket'],
    ['NODE_ENV', 'staging'],
    ['HEALTH_MIN_FREE_MB', 'viel'],
  ])('should stop with a message naming %s for the value %s', (name, value) => {
    expect(errorOf({ [name]: value })).toContain(name);
  });

  it('should take twice the upload limit as the free space health asks for, unless HEALTH_MIN_FREE_MB is set', () => {
    const MB = 1024 * 1024;
    expect(loadConfig(base).healthMinFreeBytes).toBe(40 * MB);
    expect(loadConfig({ ...base, UPLOAD_LIMIT_MB: '5' }).healthMinFreeBytes).toBe(10 * MB);
    expect(loadConfig({ ...base, HEALTH_MIN_FREE_MB: '500' }).healthMinFreeBytes).toBe(500 * MB);
    expect(loadConfig({ ...base, HEALTH_MIN_FREE_MB: '0' }).healthMinFreeBytes).toBe(0);
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

  it('should refuse a plain http PUBLIC_URL in production, naming the variable', () => {
    const production = { NODE_ENV: 'production', HOST_ORIGIN: 'https://www.example' };
    const message = errorOf({ ...production, PUBLIC_URL: 'http://portal.example' });
    expect(message).toContain('PUBLIC_URL');
    expect(message).toContain('https://');
    expect(loadConfig({ ...base, ...production, PUBLIC_URL: 'https://portal.example' }).publicUrl).toBe(
      'https://portal.example',
    );
    // Outside production plain http stays allowed (local runs, the e2e suite).
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://portal.example' }).publicUrl).toBe(
      'http://portal.example',
    );
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) => loadConfig({ ...base, TRUST_PROXY: value }).trustProxy;

  it('should trust no proxy when unset or false', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
  });

  it.each([
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8,192.168.0.0/16', ['10.0.0.0/8', '192.168.0.0/16']],
    [' 10.0.0.0/8 , 172.16.0.0/12 ,', ['10.0.0.0/8', '172.16.0.0/12']],
    ['::1', ['::1']],
    ['fd00::/8,2001:db8::1', ['fd00::/8', '2001:db8::1']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('should accept the proxy addresses %s', (value, expected) => {
    expect(trustProxy(value)).toEqual(expected);
  });

  it('should refuse true, explaining that any client could then choose its IP', () => {
    const message = errorOf({ TRUST_PROXY: 'true' });
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('X-Forwarded-For');
    expect(message).toContain('127.0.0.1');
  });

  it('should refuse a range that holds every address, as it means the same as true', () => {
    for (const value of ['0.0.0.0/0', '::/0']) {
      expect(errorOf({ TRUST_PROXY: value })).toContain('X-Forwarded-For');
    }
  });

  it('should accept a hop count that trusts proxies on loopback or private networks only', () => {
    const trust = loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy;
    if (typeof trust !== 'function') throw new Error('a hop count must become a trust function');
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('::ffff:10.1.2.3', 0)).toBe(true);
    expect(trust('172.18.0.2', 0)).toBe(true);
    expect(trust('203.0.113.9', 0)).toBe(false);
    expect(trust('198.51.100.1', 1)).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('should refuse a hop count so high that it trusts anything a client writes', () => {
    const message = errorOf({ TRUST_PROXY: '11' });
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('X-Forwarded-For');
  });

  it.each([
    '300.1.1.1',
    '10.0.0.0/33',
    '10.0.0.0/x',
    'fd00::/129',
    'nginx',
    '127.0.0.1;10.0.0.1',
    '10.0.0.0/8/8',
  ])('should stop start-up naming TRUST_PROXY for %s', (value) => {
    const message = errorOf({ TRUST_PROXY: value });
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain(value.split(',')[0] ?? value);
  });
});

describe('HOST_PAGE_URL (issue 31)', () => {
  const host = { HOST_ORIGIN: 'https://www.verband.example' };

  it('should be unset by default: links point at PUBLIC_URL', () => {
    expect(loadConfig(base).hostPageUrl).toBeNull();
  });

  it('should take a page of the host origin, with its own query', () => {
    const url = 'https://www.verband.example/mitglieder/portal?bereich=intern';
    expect(loadConfig({ ...base, ...host, HOST_PAGE_URL: url }).hostPageUrl).toBe(url);
  });

  it.each([
    ['nicht-url', 'HOST_PAGE_URL'],
    ['ftp://www.verband.example/portal', 'HOST_PAGE_URL'],
    ['https://www.verband.example/portal#oben', 'fragment'],
    ['https://www.verband.example/portal?portal=/blog/1', '"portal"'],
    ['https://andere.example/portal', 'HOST_ORIGIN'],
  ])('should stop start-up for %s, naming the variable and the problem', (value, problem) => {
    const message = errorOf({ ...host, HOST_PAGE_URL: value });
    expect(message).toContain('HOST_PAGE_URL');
    expect(message).toContain(problem);
  });

  it('should need HOST_ORIGIN: only the host origin may show the portal', () => {
    const message = errorOf({ HOST_PAGE_URL: 'https://www.verband.example/portal' });
    expect(message).toContain('HOST_PAGE_URL');
    expect(message).toContain('HOST_ORIGIN');
  });
});
