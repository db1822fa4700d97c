import { describe, expect, it } from 'vitest';
import { fileSize } from '../routes/download/fileDownload/size';
import { chatDepartmentOf } from './department';

describe('the chat reaches the department of the page', () => {
  it('sends capital-center questions to capital, warehousing pages to warehouse, the rest to trading', () => {
    expect(chatDepartmentOf('/capitalCenter/deposit')).toBe('capital');
    expect(chatDepartmentOf('/sellerCenter/resource/warehousingApply')).toBe('warehouse');
    expect(chatDepartmentOf('/buyerCenter/logistics/pickupGoods')).toBe('warehouse');
    expect(chatDepartmentOf('/ResourceDocuments/ResourceDocuments')).toBe('trading');
    expect(chatDepartmentOf('/index')).toBe('trading');
  });
});

describe('download sizes', () => {
  it('read in KB below 1 MiB and in MB from 1 MiB on', () => {
    expect(fileSize(512)).toBe('0.5 KB');
    expect(fileSize(1024 * 1024 - 1)).toBe('1024.0 KB');
    expect(fileSize(1024 * 1024)).toBe('1.00 MB');
    expect(fileSize(1536 * 1024)).toBe('1.50 MB');
  });
});
