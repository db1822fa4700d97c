import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES, paragraphs } from './columns';

describe('content pages', () => {
  it('splits a body into paragraphs at blank lines and keeps markup as text', () => {
    expect(paragraphs('第一段\n\n  第二段 <b>粗体</b>  \n\n\n')).toEqual(['第一段', '第二段 <b>粗体</b>']);
    expect(paragraphs('')).toEqual([]);
  });

  it('links each column to the spec addresses', () => {
    expect(CONTENT_PAGES.news.detail('5001')).toBe('/news/newsList/newsDetails/5001');
    expect(CONTENT_PAGES.notice.detail('7')).toBe('/notice/noticeDetails/7');
    expect(CONTENT_PAGES.help.detail('9')).toBe('/helpCenterDetail/9');
  });
});
