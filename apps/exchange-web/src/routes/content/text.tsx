/** Bodies are plain paragraphs separated by blank lines; shown as text, never as markup. */
export function Paragraphs({ body }: { body: string }) {
  const parts = body
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  return (
    <div className="ex-article-body">
      {parts.map((part, index) => (
        <p key={index}>{part}</p>
      ))}
    </div>
  );
}

export const formatDay = (iso: string, language: string) =>
  new Date(iso).toLocaleDateString(language === 'en' ? 'en-GB' : language === 'tw' ? 'zh-TW' : 'zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit' });
