import { Select } from 'antd';

export interface CodeSelectProps<Code extends string> {
  codes: readonly Code[];
  /** The text a code is shown by. */
  label: (code: Code) => string;
  placeholder: string;
  width: number;
  value: Code | undefined;
  onChange: (code: Code | undefined) => void;
  'data-testid'?: string;
}

/** A list filter choosing one code (a status, a type, a side), shown by its text; cleared, it filters nothing. */
export function CodeSelect<Code extends string>({ codes, label, placeholder, width, value, onChange, 'data-testid': testId }: CodeSelectProps<Code>) {
  return <Select<Code> allowClear placeholder={placeholder} style={{ width }} value={value} onChange={onChange} data-testid={testId} options={codes.map((code) => ({ value: code, label: label(code) }))} />;
}
