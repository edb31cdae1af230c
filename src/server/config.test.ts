import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, DEFAULT_DIST_DIR, localStoreUrl, readConfig, readConnectionLimits, ROOT } from './config.ts';

describe('readConfig', () => {
  it('has one default for each setting, folders inside the repository', () => {
    expect(readConfig({})).toEqual({
      port: 4321,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: join(ROOT, 'data/pglite'),
      distDir: join(ROOT, 'dist'),
      artworkDir: join(ROOT, '.cache/artwork'),
      picturesDir: join(ROOT, 'data/pictures'),
      outDir: join(ROOT, 'dist'),
      siteUrl: 'http://localhost:4321',
      catalogApiUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Kiryana <no-reply@kiryana.pk>',
      corsOrigins: ['http://localhost:4321'],
      trustProxy: undefined,
      orderMaxLineQuantity: 20,
      workers: 1,
      publicApiBase: undefined,
      logFormat: 'human',
      metricsKey: undefined,
      backupDir: join(ROOT, 'data/backups'),
      backupEveryHours: 24,
      backupKeep: 14,
    });
    expect(DEFAULT_DATA_DIR).toBe(join(ROOT, 'data/pglite'));
    expect(DEFAULT_DIST_DIR).toBe(join(ROOT, 'dist'));
  });

  it('links to the port the store answers on when PORT is set without SITE_URL', () => {
    expect(readConfig({ PORT: '4470' }).siteUrl).toBe('http://localhost:4470');
    expect(readConfig({ PORT: '4470', SITE_URL: 'https://kiryana.pk' }).siteUrl).toBe('https://kiryana.pk');
  });

  it('reads every variable, trimming trailing slashes off URLs', () => {
    const settings = readConfig({
      PORT: '4411',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db/k',
      KIRYANA_DATA_DIR: '/tmp/d',
      KIRYANA_DIST_DIR: '/tmp/s',
      KIRYANA_ARTWORK_DIR: '/tmp/a',
      SITE_URL: 'https://kiryana.pk/',
      CATALOG_API_URL: 'http://api:9000//',
      SMTP_URL: 'smtp://mail:2525',
      MAIL_FROM: 'Shop <shop@example.pk>',
      CORS_ORIGINS: 'https://kiryana.pk/, https://m.kiryana.pk',
      TRUST_PROXY: '1',
      ORDER_MAX_LINE_QUANTITY: '30',
      WORKERS: '4',
      LOG_FORMAT: 'JSON',
      METRICS_KEY: ' 0123456789abcdef0123 ',
      BACKUP_DIR: '/srv/backups',
      BACKUP_EVERY: '6',
      BACKUP_KEEP: '30',
    });
    expect(settings).toEqual({
      port: 4411,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db/k',
      dataDir: '/tmp/d',
      distDir: '/tmp/s',
      artworkDir: '/tmp/a',
      picturesDir: '/tmp/pictures',
      outDir: '/tmp/s',
      siteUrl: 'https://kiryana.pk',
      catalogApiUrl: 'http://api:9000',
      smtpUrl: 'smtp://mail:2525',
      mailFrom: 'Shop <shop@example.pk>',
      corsOrigins: ['https://kiryana.pk', 'https://m.kiryana.pk'],
      trustProxy: { hops: 1 },
      orderMaxLineQuantity: 30,
      workers: 4,
      publicApiBase: undefined,
      logFormat: 'json',
      metricsKey: '0123456789abcdef0123',
      backupDir: '/srv/backups',
      backupEveryHours: 6,
      backupKeep: 30,
    });
    expect(readConfig({ KIRYANA_DIST_DIR: '/tmp/s', KIRYANA_OUT_DIR: '/tmp/next' }).outDir).toBe('/tmp/next');
    // Uploaded pictures live beside the database's folder, or where PICTURES_DIR says.
    expect(readConfig({ KIRYANA_DATA_DIR: '/srv/kiryana/pglite', PICTURES_DIR: '/srv/pictures' }).picturesDir).toBe('/srv/pictures');
  });

  it('keeps backups beside the data folder by default, and takes BACKUP_EVERY and BACKUP_KEEP as numbers in range, saying so otherwise', () => {
    expect(readConfig({ KIRYANA_DATA_DIR: '/srv/kiryana/pglite' }).backupDir).toBe('/srv/kiryana/backups');
    expect(readConfig({ BACKUP_EVERY: '0' }).backupEveryHours).toBe(0);
    expect(readConfig({ BACKUP_EVERY: '0.5' }).backupEveryHours).toBe(0.5);
    for (const bad of ['-1', 'daily', '9000']) expect(() => readConfig({ BACKUP_EVERY: bad }), bad).toThrow(`BACKUP_EVERY must be a number from 0 to 8760 (it is '${bad}').`);
    for (const bad of ['0', '1.5', 'all']) expect(() => readConfig({ BACKUP_KEEP: bad }), bad).toThrow(`BACKUP_KEEP must be a whole number from 1 to 10000 (it is '${bad}').`);
  });

  it('takes WORKERS as a whole number from 1 to 64, and says so otherwise', () => {
    for (const bad of ['0', '-1', '1.5', 'two', '65']) expect(() => readConfig({ WORKERS: bad }), bad).toThrow(`WORKERS must be a whole number from 1 to 64 (it is '${bad}').`);
  });

  it('refuses a LOG_FORMAT it does not know and a short or spaced METRICS_KEY', () => {
    expect(readConfig({ LOG_FORMAT: 'human' }).logFormat).toBe('human');
    expect(() => readConfig({ LOG_FORMAT: 'xml' })).toThrow("LOG_FORMAT is 'json' for one JSON object a line, or unset for the usual lines (it is 'xml').");
    for (const bad of ['short', 'fifteen-chars-x', 'has a space in it somewhere']) expect(() => readConfig({ METRICS_KEY: bad }), bad).toThrow(/METRICS_KEY must be at least 16 visible characters/);
  });

  it("allows the site's own origin by default and never a wildcard", () => {
    expect(readConfig({ SITE_URL: 'https://kiryana.pk/shop/' }).corsOrigins).toEqual(['https://kiryana.pk']);
    expect(() => readConfig({ CORS_ORIGINS: 'https://kiryana.pk,*' })).toThrow(/wildcard/);
  });

  it('refuses a line cap that is not a whole number from 1 to 1000', () => {
    for (const bad of ['0', '-1', '2.5', 'lots', '1001']) expect(() => readConfig({ ORDER_MAX_LINE_QUANTITY: bad })).toThrow(/ORDER_MAX_LINE_QUANTITY/);
  });

  it('finds a local store at the configured port', () => {
    expect(localStoreUrl(readConfig({}))).toBe('http://127.0.0.1:4321');
    expect(localStoreUrl(readConfig({ PORT: '4411', HOST: '0.0.0.0' }))).toBe('http://127.0.0.1:4411');
    expect(localStoreUrl(readConfig({ HOST: '::1' }))).toBe('http://[::1]:4321');
  });
});

describe('readConnectionLimits', () => {
  it('bounds a request at 30 s and caps 64 connections a client by default; reads both, 0 for no cap', () => {
    expect(readConnectionLimits({})).toEqual({ requestTimeoutMs: 30_000, connectionsPerClient: 64 });
    expect(readConnectionLimits({ REQUEST_TIMEOUT_SECONDS: '10', CONNECTIONS_PER_CLIENT: '0' })).toEqual({ requestTimeoutMs: 10_000, connectionsPerClient: 0 });
    expect(readConnectionLimits({ REQUEST_TIMEOUT_SECONDS: ' ', CONNECTIONS_PER_CLIENT: '' })).toEqual({ requestTimeoutMs: 30_000, connectionsPerClient: 64 });
  });

  it('refuses what is not a whole number in range, in words', () => {
    expect(() => readConnectionLimits({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow("REQUEST_TIMEOUT_SECONDS must be a whole number from 1 to 3600 (it is '0').");
    expect(() => readConnectionLimits({ REQUEST_TIMEOUT_SECONDS: '1.5' })).toThrow('REQUEST_TIMEOUT_SECONDS must be a whole number');
    expect(() => readConnectionLimits({ CONNECTIONS_PER_CLIENT: '-1' })).toThrow("CONNECTIONS_PER_CLIENT must be a whole number from 0 to 1000000 (it is '-1').");
    expect(() => readConnectionLimits({ CONNECTIONS_PER_CLIENT: 'lots' })).toThrow('CONNECTIONS_PER_CLIENT must be a whole number');
  });
});
