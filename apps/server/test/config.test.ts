import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('starts on embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      adminUsername: 'admin',
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
  });

  it('reads the currency answers show money in (ISO 4217, USD by default)', () => {
    expect(loadConfig({}).currency).toBe('USD');
    expect(loadConfig({ CATALYST_CURRENCY: ' eur ' }).currency).toBe('EUR');
    expect(() => loadConfig({ CATALYST_CURRENCY: 'EURO' })).toThrow(/CATALYST_CURRENCY.*ISO 4217/s);
    expect(() => loadConfig({ CATALYST_CURRENCY: 'XYZ' })).toThrow(ConfigError);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'not a url',
        PUBLIC_URL: 'ftp://x',
        CATALYST_SECRET_KEY: 'short',
        CATALYST_ADMIN_USERNAME: 'bad name!',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'SMTP_URL',
      'PUBLIC_URL',
      'CATALYST_SECRET_KEY',
      'CATALYST_ADMIN_USERNAME',
    ]) {
      expect(problems).toContain(name);
    }
    expect((error as ConfigError).message).toMatch(/6 problem/);
  });

  it('reads the default LLM and the workload identity token sources here, not in the engine or the adapters', () => {
    expect(loadConfig({}).llm).toBeNull();
    expect(loadConfig({ LLM_BASE_URL: 'http://llm.test/v1/', LLM_MODEL: 'm', LLM_API_KEY: 'k' }).llm).toEqual(
      { baseUrl: 'http://llm.test/v1', model: 'm', apiKey: 'k', timeoutMs: 15_000 },
    );
    expect(() => loadConfig({ LLM_BASE_URL: 'http://llm.test/v1' })).toThrow(/LLM_MODEL.*go together/s);
    expect(() => loadConfig({ LLM_MODEL: 'm' })).toThrow(/LLM_BASE_URL.*go together/s);
    expect(() => loadConfig({ LLM_BASE_URL: 'llm.test', LLM_MODEL: 'm', LLM_API_KEY: 'sk-secret' })).toThrow(
      /LLM_BASE_URL/,
    );
    expect(loadConfig({}).workloadIdentity).toEqual({
      githubTokenUrl: undefined,
      githubToken: undefined,
      tokenFile: '/var/run/secrets/tokens/gcp-ksa/token',
    });
    expect(
      loadConfig({
        ACTIONS_ID_TOKEN_REQUEST_URL: 'https://gh.test/token?x=1',
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: 't',
        CATALYST_WIF_TOKEN_FILE: '/t',
      }).workloadIdentity,
    ).toEqual({ githubTokenUrl: 'https://gh.test/token?x=1', githubToken: 't', tokenFile: '/t' });
  });

  it('never repeats a secret in its error message', () => {
    let error: unknown;
    try {
      loadConfig({ LLM_API_KEY: 'sk-very-secret', LLM_MODEL: 'm' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).message).toMatch(/LLM_BASE_URL/);
    expect((error as ConfigError).message).not.toContain('sk-very-secret');
  });
});
