/** Texts of the landing site's custom pages, one per content type (API.md "custom"). */

export const PRIVACY_MD = `
# Privacy policy

_Last updated: {updated}_

Lumen Notes is built so that we know as little about you as possible.

## What we store

- **Your account**: e-mail address and a password hash, only if you create an account.
- **Encrypted notes**: if you turn on sync, we store encrypted copies we cannot read.
- **Published pages**: pages you publish are public until you unpublish them.

## What we never do

1. Sell or rent your data.
2. Read your notes.
3. Use third-party trackers on this site.

## Contact

Write to [privacy@lumen.example](mailto:privacy@lumen.example) or use the [contact form](/#contact).
`

export const TERMS_HTML = `
<h1>Terms of service</h1>
<p>By using Lumen Notes you agree to these terms. They are short on purpose.</p>
<h2>Your content</h2>
<p>You own everything you write. You give us permission to store and transmit it only to provide the service.</p>
<h2>Acceptable use</h2>
<ul>
  <li>Do not publish content that is illegal where you live.</li>
  <li>Do not try to break or overload the service.</li>
</ul>
<h2>Plans and refunds</h2>
<p>Paid plans renew automatically. Cancel any time; we refund unused months on yearly plans.</p>
<p><small>Questions? <a href="/c/legal/privacy">Read the privacy policy</a> or contact us.</small></p>
`

export const LICENSES_TXT = `
Third-party software used by Lumen Notes
=========================================

markdown-it        MIT License
CodeMirror 6       MIT License
SQLite             Public domain
libsodium          ISC License
Inter (font)       SIL Open Font License 1.1

Full license texts are shipped with every download in LICENSES/.
`

export const EMBED_JS = `
// Lumen embed: shows a published note inside any page.
// Usage: <div data-lumen-note="NOTE_ID"></div><script src="/c/dev/embed.js" defer></script>
(function () {
  var nodes = document.querySelectorAll('[data-lumen-note]')
  for (var i = 0; i < nodes.length; i++) {
    var frame = document.createElement('iframe')
    frame.src = '/l/home?embed=' + encodeURIComponent(nodes[i].getAttribute('data-lumen-note'))
    frame.style.cssText = 'width:100%;min-height:320px;border:0'
    nodes[i].appendChild(frame)
  }
})()
`

export const STATUS_JSON = JSON.stringify(
  {
    status: 'operational',
    components: [
      { name: 'Sync', status: 'operational' },
      { name: 'Publishing', status: 'operational' },
      { name: 'Accounts', status: 'degraded', note: 'Sign-in e-mails may take a few minutes.' },
    ],
    updated: '{updated_iso}',
  },
  null,
  2,
)

export const BRAND_CSS = `
/* Lumen brand tokens: use them in pages that embed Lumen content. */
:root {
  --lumen-ink: #111827;
  --lumen-paper: #fdfcf8;
  --lumen-accent: #4f46e5;
  --lumen-radius: 12px;
  --lumen-font: "Inter", system-ui, sans-serif;
}
.lumen-card {
  background: var(--lumen-paper);
  color: var(--lumen-ink);
  border-radius: var(--lumen-radius);
  font-family: var(--lumen-font);
}
`

export const FEED_XML = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Lumen Notes updates</title>
    <link>http://land.localhost/post</link>
    <description>Product news from the Lumen Notes team.</description>
    <item>
      <title>Lumen 3.0: publishing for everyone</title>
      <link>http://land.localhost/post-lumen-3</link>
    </item>
    <item>
      <title>Faster search on large vaults</title>
      <link>http://land.localhost/post-faster-search</link>
    </item>
  </channel>
</rss>`

export const LAUNCH_KIT_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Lumen press kit</title>
  <style>
    body { margin: 0; font-family: system-ui, sans-serif; background: #111827; color: #f9fafb; }
    main { max-width: 720px; margin: 0 auto; padding: 64px 24px; }
    a { color: #a5b4fc; }
    .logo { margin: 0; font-size: 48px; font-weight: 800; letter-spacing: -1px; }
  </style>
</head>
<body>
  <main>
    <h1 class="logo">Lumen</h1>
    <p>Everything journalists need: logos, screenshots and a one-paragraph description.</p>
    <h2>Boilerplate</h2>
    <p>Lumen Notes is an offline-first, end-to-end encrypted notes app that publishes any page with one click.</p>
    <p><a href="/">Back to lumen</a></p>
  </main>
</body>
</html>`

export const HANDBOOK = [
  {
    id: 'h1',
    title: 'Getting started',
    path: 'getting-started',
    content: '# Getting started\n\nLumen stores notes as Markdown files in a folder called a **vault**.',
    children: [
      {
        id: 'h1-1',
        title: 'Install',
        path: 'install',
        content:
          '## Install\n\n| Platform | How |\n| --- | --- |\n| macOS | Download the `.dmg` |\n| Windows | Run the installer |\n| Linux | Use the AppImage or Flatpak |',
      },
      {
        id: 'h1-2',
        title: 'Create a vault',
        path: 'vault',
        content: '## Create a vault\n\n1. Open Lumen.\n2. Choose **New vault**.\n3. Pick an empty folder.',
      },
      {
        id: 'h1-3',
        title: 'Turn on sync',
        path: 'sync',
        content: '## Turn on sync\n\nSign in, then open **Settings → Sync**. Keys never leave your devices.',
        children: [
          {
            id: 'h1-3-1',
            title: 'Recovery key',
            path: 'recovery-key',
            content: '### Recovery key\n\nWrite it down. Without it nobody, including us, can decrypt your notes.',
          },
        ],
      },
    ],
  },
  {
    id: 'h2',
    title: 'Writing',
    path: 'writing',
    content: '# Writing\n\nEverything is Markdown.',
    children: [
      {
        id: 'h2-1',
        title: 'Markdown basics',
        path: 'markdown',
        content:
          '## Markdown basics\n\n```markdown\n# Heading\n**bold** and _italic_\n- list item\n[link](https://example.com)\n```',
      },
      {
        id: 'h2-2',
        title: 'Keyboard shortcuts',
        path: 'shortcuts',
        content:
          '## Keyboard shortcuts\n\n- `⌘N` new note\n- `⌘K` link a note\n- `⌘P` command palette\n- `⌘⇧F` search everything',
      },
    ],
  },
  {
    id: 'h3',
    title: 'Publishing',
    path: 'publishing',
    content:
      '# Publishing\n\nSelect a note and press **Publish**. The page gets a public address you can share; **Unpublish** removes it at once.',
  },
  {
    id: 'h4',
    title: 'FAQ',
    path: 'faq',
    content: '# FAQ\n\n**Can I export everything?** Yes: your vault already is a folder of Markdown files.',
  },
]
