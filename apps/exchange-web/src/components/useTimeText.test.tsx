// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { chooseLanguage } from '@tp/web-kit';
import { i18n } from '../i18n';
import { loggedInAroundEachTest, renderPage } from '../test-support';
import { useTimeText } from './useTimeText';

loggedInAroundEachTest();

function Times() {
  const time = useTimeText();
  return (
    <>
      <span data-testid="start">{time('2026-11-26T12:00:00.000Z')}</span>
      <span data-testid="none">{time('')}</span>
    </>
  );
}

describe('times on the exchange’s pages', () => {
  it('put the day before the month in English, the year first in Chinese, and nothing for a missing time', async () => {
    renderPage(<Times />);
    expect(screen.getByTestId('start').textContent).toMatch(/^26\/11\/2026, \d{2}:\d{2}:00$/);
    expect(screen.getByTestId('none').textContent).toBe('');

    await chooseLanguage(i18n, 'cn');
    expect((await screen.findByText(/^2026\/11\/26 /)).dataset.testid).toBe('start');
  });
});
