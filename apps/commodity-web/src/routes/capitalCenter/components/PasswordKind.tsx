import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** Which payment password a form is about: the fund password or the margin password. */
export function PasswordKindItem() {
  const { t } = useTranslation();
  return (
    <Form.Item name="kind" label={t('capital.field.passwordKind')}>
      <Radio.Group
        optionType="button"
        data-testid="field-kind"
        options={[
          { value: 'fund', label: t('capital.pwd.fund') },
          { value: 'margin', label: t('capital.pwd.margin') },
        ]}
      />
    </Form.Item>
  );
}
