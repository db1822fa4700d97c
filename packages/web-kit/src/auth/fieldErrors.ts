import type { FormInstance } from 'antd';
import { isApiError } from '../api/client';

/**
 * Puts a validation failure's per-field messages under the form's fields of the same name (the
 * forms use the wire names). The client has already shown the message as a whole; this keeps
 * each part next to what has to change.
 */
export function applyFieldErrors(form: FormInstance, error: unknown): void {
  if (!isApiError(error)) return;
  form.setFields(error.fields.map((f) => ({ name: f.field, errors: [f.message] })));
}
