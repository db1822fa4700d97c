import { useState } from 'react';
import type { FormInstance } from 'antd';
import type { CaptchaChallenge } from '@tp/contract';
import { applyFieldErrors } from './fieldErrors';
import { useCaptchaStep, type CaptchaStep } from './useCaptchaStep';

export interface LoginSubmit<V> {
  step: CaptchaStep;
  submitting: boolean;
  onFinish: (values: V & { captchaCode?: string }) => Promise<void>;
}

/**
 * The submit of a login form: sends the values with the captcha answer (when one is on screen);
 * a refusal marks the fields the server named and brings up or renews the captcha.
 */
export function useLoginSubmit<V>(
  form: FormInstance,
  loadCaptcha: () => Promise<CaptchaChallenge>,
  login: (values: V, captcha: { captchaId?: string; captchaCode?: string }) => Promise<unknown>,
): LoginSubmit<V> {
  const step = useCaptchaStep(form, loadCaptcha);
  const [submitting, setSubmitting] = useState(false);
  async function onFinish(values: V & { captchaCode?: string }) {
    setSubmitting(true);
    try {
      await login(values, step.answer(values.captchaCode));
    } catch (error) {
      applyFieldErrors(form, error);
      await step.onFailure(error);
    } finally {
      setSubmitting(false);
    }
  }
  return { step, submitting, onFinish };
}
