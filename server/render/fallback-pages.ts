import { escapeHtml } from './serialize.ts'

const STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.6 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f2937;background:#f8fafc}' +
  'main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}p{margin:.25rem 0;color:#4b5563}' +
  'button{margin-top:1.25rem;padding:.6rem 1.4rem;border:0;border-radius:.5rem;background:#2563eb;color:#fff;font:inherit;cursor:pointer}' +
  '.code{font-size:3rem;font-weight:700;color:#94a3b8;margin:0}'

function page(title: string, body: string, lang = 'en'): string {
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

/**
 * A page that needs no site config and no React: for a bad Host, an unknown site, or a failure
 * before the site frame exists. Text is escaped; no internals are shown.
 */
export function plainErrorPage(status: number, title: string, lead: string): string {
  return page(title, `<p class="code">${status}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(lead)}</p>`)
}

/**
 * SPEC §2 startup screen, shown when no site config could be loaded after three attempts: says the
 * site is starting, offers a refresh button with a 3-second countdown, then reloads by itself.
 * The site's language is unknown without its config, so it speaks Chinese (the default) and English.
 */
export function startupScreen(nonce: string): string {
  // The script carries the response's CSP nonce; the button's handler is attached by it (inline
  // event attributes are refused by the Content-Security-Policy).
  const body =
    '<h1>网站正在启动 · The site is starting</h1>' +
    '<p>请稍候，页面将自动刷新。</p><p>Please wait a moment; the page will reload automatically.</p>' +
    '<button type="button" id="refresh">刷新 Refresh (<span id="count">3</span>)</button>' +
    `<script nonce="${escapeHtml(nonce)}">(function(){var n=3,c=document.getElementById("count");document.getElementById("refresh").addEventListener("click",function(){location.reload()});var t=setInterval(function(){n-=1;if(c)c.textContent=String(Math.max(n,0));if(n<=0){clearInterval(t);location.reload()}},1000)})()</script>`
  return page('网站正在启动 · The site is starting', body, 'zh')
}
