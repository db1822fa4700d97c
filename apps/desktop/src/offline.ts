const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Shown when the platform cannot be reached: a plain page (no scripts) whose link goes back to the
 * platform, which the window's guard allows. The main process also retries by itself.
 */
export function offlinePage(platformUrl: string, retrySeconds: number): string {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>无法连接到交易平台</title>
<style>body{font-family:"PingFang SC","Microsoft YaHei",sans-serif;display:flex;align-items:center;justify-content:center;height:100vh;margin:0;color:#333;background:#f5f5f5}
main{text-align:center}h1{font-size:20px;font-weight:500}p{color:#666}a{display:inline-block;margin-top:16px;padding:8px 24px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none}</style>
</head><body><main><h1>无法连接到交易平台</h1><p>请检查网络连接，客户端将每 ${retrySeconds} 秒自动重试。</p><a href="${escape(platformUrl)}">重试</a></main></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
