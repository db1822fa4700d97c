// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { chooseLanguage, createI18n, currentLanguage } from './createI18n';
import { LanguageSwitcher } from './LanguageSwitcher';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('LanguageSwitcher', () => {
  it('shows the current language and switches to the one picked, loading its texts first', async () => {
    const en = vi.fn(() => Promise.resolve({ hello: 'Hello' }));
    const i18n = createI18n({ resources: { cn: { hello: '你好' }, en, tw: { hello: '您好' } } });
    await chooseLanguage(i18n, 'cn');
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <LanguageSwitcher onChange={onChange} />
      </I18nextProvider>,
    );
    const switcher = screen.getByTestId('language-switcher');
    expect(switcher.textContent).toContain('简体中文');
    expect(switcher.getAttribute('aria-label')).toBe('语言');

    fireEvent.click(switcher);
    fireEvent.click(await screen.findByText('English'));

    await waitFor(() => expect(onChange).toHaveBeenCalledWith('en'));
    expect(en).toHaveBeenCalledTimes(1);
    expect(currentLanguage(i18n)).toBe('en');
    expect(i18n.t('hello')).toBe('Hello');
    await waitFor(() => expect(screen.getByTestId('language-switcher').textContent).toContain('English'));
  });

  it('marks the current language in its menu and closes the menu on Escape or a click elsewhere, switching nothing', async () => {
    const i18n = createI18n({ resources: { cn: { hello: '你好' }, en: { hello: 'Hello' }, tw: { hello: '您好' } } });
    await chooseLanguage(i18n, 'tw');
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <p>outside</p>
        <LanguageSwitcher onChange={onChange} />
      </I18nextProvider>,
    );
    const switcher = screen.getByTestId('language-switcher');
    expect(switcher.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(switcher);
    expect(switcher.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('language-tw').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('language-en').getAttribute('aria-checked')).toBe('false');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(switcher);
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(switcher);
    fireEvent.click(screen.getByTestId('language-tw'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(currentLanguage(i18n)).toBe('tw');
    expect(onChange).not.toHaveBeenCalled();
  });
});
