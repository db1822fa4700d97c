import type { FormInstance } from 'antd';
import { ResultCode } from '@tp/contract';
import { isApiError } from '../api/client';
import { useCaptcha, type CaptchaLoader, type CaptchaState } from './useCaptcha';

export interface CaptchaStep {
  captcha: CaptchaState;
  /** The captcha answer to send with the next attempt, if a captcha is on screen. */
  answer: (captchaCode: string | undefined) => { captchaId?: string; captchaCode?: string };
  /** After a failed attempt: show the captcha when asked for, renew a used one. */
  onFailure: (error: unknown) => Promise<void>;
}

/** The captcha step of a login form: hidden until the server answers -1101, renewed after each failure. */
export function useCaptchaStep(form: FormInstance, load: CaptchaLoader): CaptchaStep {
  const captcha = useCaptcha(load);
  return {
    captcha,
    answer: (captchaCode) =>
      captcha.challenge && captchaCode ? { captchaId: captcha.challenge.captchaId, captchaCode } : {},
    async onFailure(error) {
      if (isApiError(error, ResultCode.captchaRequired) || captcha.challenge) {
        form.setFieldValue('captchaCode', undefined);
        await captcha.refresh();
      }
    },
  };
}
