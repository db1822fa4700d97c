import { useState, type ReactNode } from 'react';
import { ConfigProvider, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { terminalTheme, type TerminalMode } from '../../theme';

const KEY = 'tp.exchange.terminalTheme';

/** The mode the trader last chose on this browser; dark until they choose. */
function storedMode(): TerminalMode {
  try {
    return window.localStorage.getItem(KEY) === 'light' ? 'light' : 'dark';
  } catch {
    // Storage refused (private mode, policy): the terminal still works, in its default look.
    return 'dark';
  }
}

/** The trader's dark/light choice, remembered in the browser across visits and tabs. */
export function useTerminalMode(): [TerminalMode, (mode: TerminalMode) => void] {
  const [mode, setMode] = useState<TerminalMode>(storedMode);
  const choose = (next: TerminalMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // Not remembered, but the choice still applies to this visit.
    }
  };
  return [mode, choose];
}

/** The terminal's frame: antd's algorithm and the terminal's CSS colours (`data-theme`) in one mode. */
export function TerminalFrame({ mode, children }: { mode: TerminalMode; children: ReactNode }) {
  return (
    <ConfigProvider theme={terminalTheme(mode)}>
      <div className="ex-terminal" data-theme={mode} data-testid="terminal">
        {children}
      </div>
    </ConfigProvider>
  );
}

/** Dark/light switch shown in the terminal's ticker bar. */
export function ThemeToggle({ mode, onChange }: { mode: TerminalMode; onChange: (mode: TerminalMode) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented<TerminalMode>
      size="small"
      value={mode}
      onChange={onChange}
      aria-label={t('trade.theme.label')}
      data-testid="theme-toggle"
      options={[
        { value: 'dark', label: t('trade.theme.dark') },
        { value: 'light', label: t('trade.theme.light') },
      ]}
    />
  );
}
