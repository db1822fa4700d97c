import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

const KEY = 'tp.exchange.bookWidth';
export const BOOK_WIDTH = { min: 240, max: 520, initial: 300, step: 20 } as const;

const clamp = (width: number) => Math.round(Math.min(BOOK_WIDTH.max, Math.max(BOOK_WIDTH.min, width)));

function storedWidth(): number {
  try {
    const saved = Number(window.localStorage.getItem(KEY));
    return saved ? clamp(saved) : BOOK_WIDTH.initial;
  } catch {
    return BOOK_WIDTH.initial;
  }
}

/** The order book column's width in pixels, as the trader last dragged it on this browser. */
export function useBookWidth(): [number, (width: number) => void] {
  const [width, setWidth] = useState(storedWidth);
  const set = (next: number) => {
    const value = clamp(next);
    setWidth(value);
    try {
      window.localStorage.setItem(KEY, String(value));
    } catch {
      // Not remembered; the width still applies to this visit.
    }
  };
  return [width, set];
}

/**
 * The drag handle on the book's left edge, between the chart and the book: dragging left widens the
 * book (the chart takes the rest); arrow keys do the same for keyboard users.
 */
export function BookResizer({ width, onResize }: { width: number; onResize: (width: number) => void }) {
  const { t } = useTranslation();
  function start(event: PointerEvent<HTMLDivElement>) {
    event.preventDefault();
    const from = { x: event.clientX, width };
    const move = (e: globalThis.PointerEvent) => onResize(from.width - (e.clientX - from.x));
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
  }
  function key(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') onResize(width + BOOK_WIDTH.step);
    else if (event.key === 'ArrowRight') onResize(width - BOOK_WIDTH.step);
    else return;
    event.preventDefault();
  }
  return (
    <div
      className="ex-book-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('trade.resizeBook')}
      aria-valuemin={BOOK_WIDTH.min}
      aria-valuemax={BOOK_WIDTH.max}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={start}
      onKeyDown={key}
      data-testid="book-resizer"
    />
  );
}
