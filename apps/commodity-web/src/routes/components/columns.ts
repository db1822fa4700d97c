import type { TableColumnType } from 'antd';

/** "玉米 一等": the goods' commodity and grade. */
export const commodityColumn = <T extends { commodityName: string; gradeName: string }>(title: string): TableColumnType<T> => ({
  title,
  render: (_, r) => `${r.commodityName} ${r.gradeName}`,
});

/** "50 件": a count of the goods in its unit. */
export const quantityColumn = <T extends { quantity: string | number; unit: string }>(title: string): TableColumnType<T> => ({
  title,
  render: (_, r) => `${r.quantity} ${r.unit}`,
});

/** "25.000 吨": the goods' weight in its unit. */
export const weightColumn = <T extends { weight: string | number; weightUnit: string }>(title: string): TableColumnType<T> => ({
  title,
  render: (_, r) => `${r.weight} ${r.weightUnit}`,
});

/** A moment of the row's, in the viewer's local date and time. */
export const timeColumn = <T>(title: string, at: (row: T) => string): TableColumnType<T> => ({
  title,
  render: (_, r) => new Date(at(r)).toLocaleString(),
});
