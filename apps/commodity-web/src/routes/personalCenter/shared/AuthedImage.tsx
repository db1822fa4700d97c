import { useEffect, useState } from 'react';
import { Image, Skeleton } from 'antd';
import { loadImage } from '../../../api/enterprise';

/** An uploaded image read with the session (file addresses need the headers); the thumbnail opens the full image. */
export function AuthedImage({ thumbPath, fullPath, alt, width = 160 }: { thumbPath: string; fullPath: string; alt: string; width?: number }) {
  const [thumb, setThumb] = useState<string>();
  const [full, setFull] = useState<string>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const urls: string[] = [];
    loadImage(thumbPath, controller.signal)
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        urls.push(url);
        setThumb(url);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [thumbPath]);

  async function openFull() {
    if (full) return;
    const blob = await loadImage(fullPath);
    setFull(URL.createObjectURL(blob));
  }

  if (failed) return <span>{alt} ✕</span>;
  if (!thumb) return <Skeleton.Image active style={{ width, height: width * 0.63 }} />;
  return (
    <Image
      src={thumb}
      alt={alt}
      width={width}
      preview={{ src: full ?? thumb, onOpenChange: (open) => void (open && openFull()) }}
    />
  );
}
