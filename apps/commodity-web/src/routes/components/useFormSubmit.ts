import { useState } from 'react';
import type { FormInstance } from 'antd';
import { applyFieldErrors } from '@tp/web-kit';

/**
 * A form's submit: busy while the call runs; the server's refusals land on the fields they name
 * (every refusal is announced by the API client as well).
 */
export function useFormSubmit<V>(form: FormInstance<V>, send: (values: V) => Promise<unknown>) {
  const [submitting, setSubmitting] = useState(false);
  const onFinish = (values: V) => {
    setSubmitting(true);
    void send(values)
      .catch((error: unknown) => applyFieldErrors(form, error))
      .finally(() => setSubmitting(false));
  };
  return { submitting, onFinish };
}
