import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../src/platform/config';

const deployDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string | number | boolean | null>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
}

// Compose's own YAML: anchors and `<<` merge keys are how both servers share one definition.
const compose = parse(readFileSync(path.join(deployDir, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const servers = Object.entries(services).filter(([, service]) => service.build?.dockerfile === 'deploy/Dockerfile');
const environmentOf = (service: Service): Record<string, string> =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value)]));

/** The variables `${NAME}`, `${NAME:-default}` or `${NAME:?message}` in one compose value. */
const referencesIn = (value: string): string[] => [...value.matchAll(/\$\{(\w+)(?::?[-?][^}]*)?\}/g)].map((m) => m[1]!);

/**
 * Compose's interpolation of one value from what an operator put in `.env`: an unset `:?` variable
 * stops compose, so it is a test failure here too.
 */
function interpolate(value: string, operator: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_whole, name: string, kind: string | undefined, rest: string) => {
    const given = operator[name];
    if (given !== undefined && given !== '') return given;
    if (kind === '-') return rest;
    throw new Error(`docker compose would refuse: ${name} is not set (${rest ?? 'required'})`);
  });
}

/** The variables a production start refuses to go without, as config.ts itself names them. */
function requiredInProduction(): string[] {
  try {
    loadConfig({ NODE_ENV: 'production' });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((line) => /^Refusing to start: (\w+)/.exec(line)![1]!);
    throw err;
  }
  throw new Error('a production start with no variables was accepted');
}

const xpubOf = (account: string) => HDKey.fromMasterSeed(randomBytes(32)).derive(account).publicExtendedKey;

/** What an operator writes into deploy/.env, as the file's header describes. */
const operatorEnv: Record<string, string> = {
  POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
  APP_SECRET: randomBytes(48).toString('base64'),
  CONTRACT_SIGNING_KEY: randomBytes(32).toString('hex'),
  WALLET_BTC_XPUB: xpubOf("m/84'/0'/0'"),
  WALLET_ETH_XPUB: xpubOf("m/44'/60'/0'"),
  SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
  MAIL_FROM: '交易平台 <noreply@example.com>',
  BANK_CHANNELS: 'sandbox',
  CHAIN_ADAPTER: 'sandbox',
  SMS_SENDER: 'sandbox',
};

describe('the production compose example (deploy/docker-compose.yml)', () => {
  it('runs two servers from deploy/Dockerfile, PostgreSQL 16, Redis 7 and nginx in front', () => {
    expect(servers.map(([name]) => name).sort()).toEqual(['server-1', 'server-2']);
    expect(services.postgres?.image).toMatch(/^postgres:16/);
    expect(services.redis?.image).toMatch(/^redis:7/);
    expect(services.proxy?.image).toMatch(/^nginx:/);
    // Only the proxy is reachable from outside.
    expect(Object.entries(services).filter(([, service]) => service.ports?.length).map(([name]) => name)).toEqual(['proxy']);
    // The second server waits for the first, so the migrations never run twice at once.
    expect(services['server-2']?.depends_on?.['server-1']).toEqual({ condition: 'service_healthy' });
  });

  it('sets on the servers only variables config.ts reads', () => {
    for (const [name, service] of servers) {
      const unknown = Object.keys(environmentOf(service)).filter((key) => !CONFIG_VARIABLES.includes(key));
      expect(unknown, name).toEqual([]);
    }
  });

  it('sets on the servers every variable a production start requires, from the environment, never a value in the file', () => {
    const required = requiredInProduction();
    expect(required).toEqual(expect.arrayContaining(['APP_SECRET', 'WALLET_BTC_XPUB', 'WALLET_ETH_XPUB', 'CONTRACT_SIGNING_KEY', 'BANK_CHANNELS', 'CHAIN_ADAPTER', 'SMS_SENDER', 'EMAIL_SENDER']));
    for (const [name, service] of servers) {
      const environment = environmentOf(service);
      expect(environment.NODE_ENV, name).toBe('production');
      for (const key of required) expect(environment[key], `${name} ${key}`).toBeDefined();
      for (const secret of ['APP_SECRET', 'CONTRACT_SIGNING_KEY', 'WALLET_BTC_XPUB', 'WALLET_ETH_XPUB', 'SMTP_URL']) {
        expect(environment[secret], `${name} ${secret}`).toMatch(new RegExp(`^\\$\\{${secret}:\\?[^}]+\\}$`));
      }
      expect(environment.DATABASE_URL, name).toContain('${POSTGRES_PASSWORD:?');
    }
  });

  it('starts each server with the configuration it describes once an operator fills in .env', () => {
    for (const [name, service] of servers) {
      const environment = Object.fromEntries(Object.entries(environmentOf(service)).map(([key, value]) => [key, interpolate(value, operatorEnv)]));
      const config = loadConfig(environment);
      expect(config.isProduction, name).toBe(true);
      expect(config.trustProxy, name).toBe(true);
      expect(config.databaseUrl, name).toBe(`postgres://tp:${operatorEnv.POSTGRES_PASSWORD}@postgres:5432/tp`);
      expect(config.redisUrl, name).toBe('redis://redis:6379');
      expect(config.instanceUrl, name).toBe(`http://${name}:8080`);
      expect(config.adapters.email, name).toBe('smtp');
    }
    expect(() => interpolate(environmentOf(servers[0]![1]).APP_SECRET!, {})).toThrow(/APP_SECRET is not set/);
  });

  it('gives the proxy the nginx template npm run cluster uses, with every placeholder filled and the servers as upstreams', () => {
    const proxy = services.proxy!;
    expect(proxy.volumes).toContain('./nginx.conf:/etc/nginx/templates/default.conf.template:ro');
    const template = readFileSync(path.join(deployDir, 'nginx.conf'), 'utf8');
    const placeholders = [...new Set(referencesIn(template))].sort();
    expect(placeholders).toEqual(['TP_PROXY_LISTEN', 'TP_SERVER_1', 'TP_SERVER_2']);
    const environment = environmentOf(proxy);
    expect(Object.keys(environment).sort()).toEqual(placeholders);
    expect([environment.TP_SERVER_1, environment.TP_SERVER_2]).toEqual(servers.map(([name]) => `${name}:8080`));
    expect(proxy.ports).toEqual([`\${HTTP_PORT:-80}:${environment.TP_PROXY_LISTEN}`]);
    // WebSocket upgrades pass through, and the client's address reaches TRUST_PROXY servers.
    expect(template).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(template).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
  });
});
