import { useCallback, useRef, useState } from 'react';
import type { CaptchaChallenge } from '@tp/contract';

export type CaptchaLoader = () => Promise<CaptchaChallenge>;

export interface CaptchaState {
  /** The challenge on screen; null while no captcha is asked for. */
  challenge: CaptchaChallenge | null;
  loading: boolean;
  /** Fetches a new challenge (first display, "hard to read", or after a failed attempt). */
  refresh: () => Promise<void>;
}

/** The image captcha the server may ask for (-1101); each attempt uses it up, so refresh after one. */
export function useCaptcha(load: CaptchaLoader): CaptchaState {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const next = await load();
      if (ticket === latest.current) setChallenge(next);
    } catch {
      // The API client has shown why; the previous image stays so the form stays usable.
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [load]);
  return { challenge, loading, refresh };
}
