import { useEffect, useState } from 'react';
import { Image, Skeleton } from 'antd';
import { api } from '../api/client';

/** An uploaded image read with the staff session (file addresses need the session headers). */
export function AuthImage({ path, alt, width = 200 }: { path: string; alt: string; width?: number }) {
  const [src, setSrc] = useState<string>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    api
      .blob(path, { signal: controller.signal })
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);

  if (failed) return <span>{alt} ✕</span>;
  if (!src) return <Skeleton.Image active style={{ width, height: width * 0.63 }} />;
  return <Image src={src} alt={alt} width={width} />;
}
