import type { ReactNode } from 'react';
import { Button, Select, Space, type SelectProps } from 'antd';
import { useCommodityTypes } from '../api/warehouse';

/** A board's commodity filter: every commodity type, searchable by name; a form item supplies value and onChange. */
export function CommodityTypeSelect({ placeholder, ...rest }: Omit<SelectProps<string>, 'options'> & { placeholder: string }) {
  const types = useCommodityTypes();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      style={{ width: 160 }}
      loading={types.isPending}
      data-testid="filter-commodity"
      options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))}
      {...rest}
    />
  );
}

/** Search submits the filter form; reset clears it and searches again. `children` sit beside them (e.g. the sort order). */
export function FilterButtons({ searchLabel, resetLabel, onReset, children }: { searchLabel: string; resetLabel: string; onReset: () => void; children?: ReactNode }) {
  return (
    <Space>
      <Button type="primary" htmlType="submit" data-testid="filter-search">
        {searchLabel}
      </Button>
      <Button onClick={onReset}>{resetLabel}</Button>
      {children}
    </Space>
  );
}
