/** Where the client opens the platform when nothing else is configured: the server of `npm start`. */
export const DEFAULT_PLATFORM_URL = 'http://localhost:8080/';

/** Names the environment variable that points the client at another server. */
export const PLATFORM_URL_ENV = 'TP_PLATFORM_URL';

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The platform's address: the environment first (a tester's override), then `platformUrl` in the
 * settings file, then the default. An unusable value is skipped rather than opening a broken page.
 */
export function resolvePlatformUrl(env: Record<string, string | undefined>, settingsText: string | null): string {
  let fromFile: unknown = null;
  if (settingsText) {
    try {
      fromFile = (JSON.parse(settingsText) as { platformUrl?: unknown }).platformUrl;
    } catch {
      fromFile = null;
    }
  }
  return httpUrl(env[PLATFORM_URL_ENV]) ?? httpUrl(fromFile) ?? DEFAULT_PLATFORM_URL;
}
