import { theme as antdTheme, type ThemeConfig } from 'antd';

/** The exchange's look: dark surfaces with a gold accent, as traders expect of a trading screen. */
export const theme: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  token: { colorPrimary: '#f0b90b', colorBgBase: '#0b0e11', colorBgContainer: '#161a1e', borderRadius: 4, colorLink: '#f0b90b' },
  components: {
    Button: { primaryColor: '#0b0e11' },
  },
};
