import type { ThemeConfig } from 'antd';

/** The platform's look: a deep industrial blue on a light page. */
export const theme: ThemeConfig = {
  token: { colorPrimary: '#1a5fb4', borderRadius: 6 },
  components: { Layout: { headerBg: '#ffffff', footerBg: '#0f2a4a' } },
};
