// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { WarehousingApply } from '@tp/contract';
import { logInStaff, renderPage, reply, resetAroundEachTest, stubApi } from '../../test-support';
import { WarehousePage } from './WarehousePage';

resetAroundEachTest();

const APPLY: WarehousingApply = {
  applyId: '61',
  firmId: '10003',
  type: '1',
  orderId: '',
  commodityTypeId: '3',
  commodityName: '螺纹钢',
  batch: 'B-01',
  firmName: '示例钢铁有限公司',
  gradeId: '',
  gradeName: '',
  manufacturer: '沙钢',
  outWarehousDay: '',
  packagId: '',
  packageName: '',
  quantity: '10',
  weight: '25',
  unit: '件',
  weightUnit: '吨',
  storageId: '2',
  storageName: '上海一号库',
  reportType: '0',
  status: '0',
  arrival: '',
  inspectionStatus: '0',
  inspectionFee: null,
  reportFileId: null,
  reportUrl: null,
  reason: '',
  receiptId: null,
  createdAt: '2026-11-26T06:00:00.000Z',
  updatedAt: '2026-11-26T06:00:00.000Z',
};

describe('the back office’s warehousing applications', () => {
  it('asks why before refusing an application, sends the reason the firm reads, and closes once the server agreed', async () => {
    logInStaff();
    let refuse = true;
    const calls = stubApi((url, body) => {
      if (url.endsWith('/api/admin/warehouse/audit')) return refuse ? reply(null, '-1', '申请状态已变更', 409) : reply({ ...APPLY, status: '9', reason: body.reason });
      return reply({ content: [APPLY], total: 1, page: 0, size: 10 });
    });
    renderPage(<WarehousePage />);
    fireEvent.click(await screen.findByTestId('audit-reject'));

    fireEvent.click(await screen.findByTestId('audit-reject-ok'));
    expect((await screen.findByTestId('audit-reject-reason-error')).textContent).toBe('请填写原因，至少 2 个字');

    fireEvent.change(screen.getByTestId('audit-reject-reason'), { target: { value: ' 质检报告缺失 ' } });
    fireEvent.click(screen.getByTestId('audit-reject-ok'));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/api/admin/warehouse/audit'))).toHaveLength(1));
    // The server refused: the reason stays to try again.
    expect((screen.getByTestId('audit-reject-reason') as HTMLTextAreaElement).value).toBe(' 质检报告缺失 ');

    refuse = false;
    fireEvent.click(screen.getByTestId('audit-reject-ok'));
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/api/admin/warehouse/audit')).map((c) => c.body)).toEqual([
      { applyId: '61', pass: false, reason: '质检报告缺失' },
      { applyId: '61', pass: false, reason: '质检报告缺失' },
    ]);
    // Opened again, the dialog starts with an empty reason.
    fireEvent.click(screen.getByTestId('audit-reject'));
    await waitFor(() => expect((screen.getByTestId('audit-reject-reason') as HTMLTextAreaElement).value).toBe(''));
  });
});
