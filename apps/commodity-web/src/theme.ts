import type { ThemeConfig } from 'antd';

/** The platform's look: a deep industrial blue on a light page (the frame's colours are in styles.css). */
export const theme: ThemeConfig = {
  token: { colorPrimary: '#1a5fb4', borderRadius: 6 },
};
