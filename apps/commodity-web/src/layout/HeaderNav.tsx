import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '@tp/web-kit';
import { NAV } from './navigation';

/**
 * The header's areas, lit for the area of the open page. The areas that do not fit the header's
 * width (English labels, narrow windows) move into a "···" menu at its end instead of being cut
 * off: the links wrap onto a second, clipped row, and those that landed there are listed in the menu.
 */
export function HeaderNav({ selected }: { selected: string[] }) {
  const { t, i18n } = useTranslation();
  const row = useRef<HTMLDivElement>(null);
  const more = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<string[]>([]);
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => {
      const links = [...element.children] as HTMLElement[];
      const wrapped = links.filter((link) => link.offsetTop > 0).map((link) => link.dataset.key ?? '');
      setHidden((was) => (was.join() === wrapped.join() ? was : wrapped));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [i18n.language]);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, more);

  const overflow = NAV.filter((item) => hidden.includes(item.key));
  const current = (key: string) => (selected.includes(key) ? 'page' : undefined);

  return (
    <nav className="shell-nav">
      <div ref={row} className="shell-nav-row">
        {NAV.map((item) => (
          <Link key={item.key} to={item.key} data-key={item.key} aria-current={current(item.key)} aria-hidden={hidden.includes(item.key) || undefined} tabIndex={hidden.includes(item.key) ? -1 : undefined}>
            {t(item.label)}
          </Link>
        ))}
      </div>
      {overflow.length > 0 && (
        <div ref={more} className="shell-nav-more" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
          <button
            type="button"
            aria-label={t('content.more')}
            aria-haspopup="menu"
            aria-expanded={open}
            aria-current={overflow.some((item) => selected.includes(item.key)) ? 'page' : undefined}
            data-testid="nav-more"
            onClick={() => setOpen((was) => !was)}
          >
            ···
          </button>
          {open && (
            <ul role="menu" className="shell-nav-popup">
              {overflow.map((item) => (
                <li key={item.key} role="none">
                  <Link role="menuitem" to={item.key} aria-current={current(item.key)} onClick={() => setOpen(false)}>
                    {t(item.label)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </nav>
  );
}
