/** What the window does with an address it is asked to open. */
export type NavigationDecision = 'allow' | 'external' | 'block';

/** Schemes the system may open for us: web pages and mail, nothing that runs or reads local files. */
const EXTERNAL_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * The window shows the platform and nothing else: its own origin is opened in place, other web
 * addresses go to the system browser, anything else (file:, javascript:, custom schemes) is refused.
 */
export function decideNavigation(target: string, platformUrl: string): NavigationDecision {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'block';
  }
  if (url.origin !== 'null' && url.origin === new URL(platformUrl).origin) return 'allow';
  return EXTERNAL_SCHEMES.has(url.protocol) ? 'external' : 'block';
}
