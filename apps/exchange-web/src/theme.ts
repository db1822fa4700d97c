import { theme as antdTheme, type ThemeConfig } from 'antd';

/** The exchange's look: dark surfaces with a gold accent, as traders expect of a trading screen. */
export const theme: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  token: { colorPrimary: '#f0b90b', colorBgBase: '#0b0e11', colorBgContainer: '#161a1e', borderRadius: 4, colorLink: '#f0b90b' },
  components: {
    Button: { primaryColor: '#0b0e11' },
  },
};

export type TerminalMode = 'dark' | 'light';

/**
 * The terminal's light look: antd's light algorithm with the same gold accent; a darker gold for
 * links, since the bright one is hard to read on white. It replaces the site's dark tokens, not merges with them.
 */
const light: ThemeConfig = {
  inherit: false,
  algorithm: antdTheme.defaultAlgorithm,
  token: { colorPrimary: '#f0b90b', colorBgBase: '#ffffff', colorBgContainer: '#ffffff', borderRadius: 4, colorLink: '#c99400' },
  components: {
    Button: { primaryColor: '#1e2329' },
  },
};

/** The antd theme of the trading terminal in the trader's chosen mode. */
export const terminalTheme = (mode: TerminalMode): ThemeConfig => (mode === 'light' ? light : { ...theme, inherit: false });
