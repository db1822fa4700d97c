import { Select } from 'antd';

/** The asset a wallet page works on, chosen from the listed assets by code. */
export function AssetPicker({ value, assets, onChange, 'data-testid': testId }: { value: string; assets: readonly { code: string }[] | undefined; onChange: (code: string) => void; 'data-testid'?: string }) {
  return <Select value={value} style={{ width: 160, marginBottom: 16 }} onChange={onChange} options={(assets ?? []).map((a) => ({ value: a.code, label: a.code }))} data-testid={testId} />;
}
