import type { ThemeConfig } from 'antd';

/** A plain, dense working look: staff read tables all day. */
export const theme: ThemeConfig = {
  token: { colorPrimary: '#1677ff', borderRadius: 4 },
  components: { Layout: { siderBg: '#001529', headerBg: '#ffffff' }, Table: { cellPaddingBlock: 10 } },
};
