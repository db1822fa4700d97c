import { Input, Select } from 'antd';

/** A list's clearable choice filter; cleared, it filters nothing. */
export function FilterSelect<V extends string>({ placeholder, width, value, testId, options, onChange }: { placeholder: string; width: number; value: V | undefined; testId?: string; options: { value: V; label: string }[]; onChange: (value: V | undefined) => void }) {
  return <Select<V> allowClear placeholder={placeholder} style={{ width }} value={value} data-testid={testId} onChange={onChange} options={options} />;
}

/** A list's keyword filter, applied on enter or the search button; blank filters nothing. */
export function KeywordFilter({ placeholder, width, testId, onSearch }: { placeholder: string; width: number; testId?: string; onSearch: (keyword: string | undefined) => void }) {
  return <Input.Search allowClear placeholder={placeholder} style={{ width }} maxLength={40} data-testid={testId} onSearch={(v) => onSearch(v.trim() || undefined)} />;
}
