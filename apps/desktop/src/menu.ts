import type { MenuItemConstructorOptions } from 'electron';

/** The application menu, in Chinese: the editing keys, reload and zoom, and the version. */
export function menuTemplate(input: { appName: string; version: string; isMac: boolean; goHome: () => void }): MenuItemConstructorOptions[] {
  const appMenu: MenuItemConstructorOptions[] = input.isMac
    ? [{ label: input.appName, submenu: [{ role: 'hide', label: '隐藏' }, { role: 'hideOthers', label: '隐藏其他' }, { type: 'separator' }, { role: 'quit', label: '退出' }] }]
    : [];
  return [
    ...appMenu,
    { label: '文件', submenu: [{ label: '返回首页', click: input.goHome }, { type: 'separator' }, input.isMac ? { role: 'close', label: '关闭窗口' } : { role: 'quit', label: '退出' }] },
    {
      label: '编辑',
      submenu: [
        { role: 'undo', label: '撤销' },
        { role: 'redo', label: '重做' },
        { type: 'separator' },
        { role: 'cut', label: '剪切' },
        { role: 'copy', label: '复制' },
        { role: 'paste', label: '粘贴' },
        { role: 'selectAll', label: '全选' },
      ],
    },
    {
      label: '视图',
      submenu: [
        { role: 'reload', label: '刷新' },
        { type: 'separator' },
        { role: 'resetZoom', label: '实际大小' },
        { role: 'zoomIn', label: '放大' },
        { role: 'zoomOut', label: '缩小' },
        { type: 'separator' },
        { role: 'togglefullscreen', label: '全屏' },
      ],
    },
    { label: '帮助', submenu: [{ label: `版本 ${input.version}`, enabled: false }] },
  ];
}
