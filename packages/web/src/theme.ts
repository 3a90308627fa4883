import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f6feb',
    colorInfo: '#1f6feb',
    borderRadius: 8,
    fontFamily: "Inter, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    colorBgLayout: '#f3f5f9',
  },
  components: {
    Layout: { headerBg: '#0d1b2e', headerPadding: '0 24px', footerBg: '#0d1b2e' },
    Menu: { darkItemBg: '#0d1b2e', darkSubMenuItemBg: '#0d1b2e', darkPopupBg: '#13243c' },
    Table: { headerBg: '#f6f8fb', cellPaddingBlockSM: 4, cellPaddingInlineSM: 6 },
  },
};
