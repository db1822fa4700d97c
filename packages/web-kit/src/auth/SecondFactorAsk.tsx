import { useEffect, useState, type ReactNode } from 'react';
import { Form, Input } from 'antd';
import { SecurityCode } from '@tp/contract';
import { isApiError } from '../api/client';
import { useKitTranslation } from '../i18n/useKitTranslation';
import { useSecondFactorRules } from './SecondFactorStep';

/** The server's answers about the code: asked for, wrong, or locked after guesses. */
const SECOND_FACTOR_CODES: string[] = [SecurityCode.secondFactorRequired, SecurityCode.secondFactorWrong, SecurityCode.secondFactorLocked];

/** A refusal to show under the field; a new object each time, so the same message shows again. */
interface Refusal {
  message: string;
}

export interface SecondFactorAsk {
  /** The code field, in the form once the server asked for it (or the app knows two-factor authentication is on). */
  item: ReactNode;
  /** True when the refusal was about the code: the field is shown with the reason under it. */
  catchRefusal: (error: unknown) => boolean;
  /** The field's value as a request carries it: absent when empty. */
  valueOf: (values: { totpCode?: string | undefined }) => { totpCode?: string };
}

/**
 * A security-setting form (passwords, whitelist) of a user who may have two-factor authentication
 * on: the server refuses without the code, the form then shows the code field with a translated
 * error naming it, and the next submit sends it as `totpCode`.
 */
export function useSecondFactorAsk(options: { known?: boolean | undefined } = {}): SecondFactorAsk {
  const { t } = useKitTranslation();
  const [askedByServer, setAskedByServer] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const asked = options.known === true || askedByServer;

  function catchRefusal(error: unknown): boolean {
    if (!isApiError(error) || !SECOND_FACTOR_CODES.includes(error.code)) return false;
    setAskedByServer(true);
    const message = error.code === SecurityCode.secondFactorRequired ? t('rule.required', { label: t('secondFactor.code') }) : error.message;
    setRefusal({ message });
    return true;
  }

  return {
    item: asked ? <SecondFactorAskItem refusal={refusal} /> : null,
    catchRefusal,
    valueOf: ({ totpCode }) => (totpCode?.trim() ? { totpCode: totpCode.trim() } : {}),
  };
}

function SecondFactorAskItem({ refusal }: { refusal: Refusal | null }) {
  const { t } = useKitTranslation();
  const form = Form.useFormInstance();
  const label = t('secondFactor.code');
  const rules = useSecondFactorRules(label);
  // The field mounts with the server's refusal: its error sits under it until the user types.
  useEffect(() => {
    if (refusal) form.setFields([{ name: 'totpCode', errors: [refusal.message] }]);
  }, [form, refusal]);
  return (
    <Form.Item name="totpCode" label={label} extra={t('secondFactor.intro')} rules={rules}>
      <Input inputMode="numeric" maxLength={9} autoComplete="one-time-code" autoFocus data-testid="second-factor-code" />
    </Form.Item>
  );
}
