import type { CustomBody } from '../../data/content-data.ts'

const CODE_LABELS = { js: 'JavaScript', json: 'JSON', css: 'CSS', xml: 'XML' } as const

/**
 * A custom page by content type. `html` is sanitised on the server; text and code are plain strings
 * that React escapes.
 */
export function CustomView({ body }: { body: CustomBody }) {
  switch (body.format) {
    case 'html':
      return (
        <div
          className={body.fullWidth ? 'content-custom content-custom--full prose' : 'content-custom prose'}
          data-content-type={body.contentType}
          dangerouslySetInnerHTML={{ __html: body.html }}
        />
      )
    case 'text':
      return <pre className="content-custom content-custom__text" data-content-type={body.contentType}>{body.text}</pre>
    case 'code':
      return (
        <figure className="content-custom content-code" data-content-type={body.contentType}>
          <figcaption className="content-code__label">{CODE_LABELS[body.language]}</figcaption>
          <pre className="content-code__pre" tabIndex={0}><code className={`language-${body.language}`}>{body.code}</code></pre>
        </figure>
      )
  }
}
