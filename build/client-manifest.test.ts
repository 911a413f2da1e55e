import type { Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { toManifest } from './client-manifest.mjs'

type Output = Metafile['outputs'][string]
const output = (entryPoint: string | undefined, imports: string[] = [], extra: Partial<Output> = {}): Output => ({
  bytes: 1,
  inputs: {},
  exports: [],
  imports: imports.map((path) => ({ path, kind: 'import-statement' })),
  ...(entryPoint ? { entryPoint } : {}),
  ...extra,
})
const url = (file: string) => `/assets/${file.slice('out/'.length)}`
const ENTRY = 'client/entry-client.tsx'

describe('toManifest', () => {
  it('lists the entry, pages, content views and on-demand chunks with every chunk each loads statically', () => {
    const metafile: Metafile = {
      inputs: {},
      outputs: {
        'out/entry-a.js': output(ENTRY),
        'out/chunk-x.js': output(undefined, ['out/chunk-y.js']),
        'out/chunk-y.js': output(undefined),
        'out/home-page-b.js': output('shared/pages/home-page.tsx', ['out/entry-a.js', 'out/chunk-x.js']),
        'out/land-view-c.js': output('shared/pages/content/land-view.tsx', ['out/entry-a.js']),
        'out/post-editor-d.js': output('shared/post-editor/post-editor.tsx'),
        'out/login-modal-e.js': output('shared/account/login-modal.tsx', ['out/chunk-x.js']),
        'out/translator-f.js': output('shared/i18n/translator.ts'),
        'out/en-g.js': output('shared/i18n/locales/en.ts'),
        'out/en-h.js': output('shared/i18n/locales/account/en.ts'),
        'out/home-page-b.js.map': output(undefined),
      },
    }
    expect(toManifest(metafile, { entryPoint: ENTRY, url })).toEqual({
      entry: { file: '/assets/entry-a.js', imports: [] },
      pages: {
        'home-page': {
          file: '/assets/home-page-b.js',
          imports: ['/assets/entry-a.js', '/assets/chunk-x.js', '/assets/chunk-y.js'],
        },
      },
      views: { 'land-view': { file: '/assets/land-view-c.js', imports: ['/assets/entry-a.js'] } },
      lazy: { 'post-editor': { file: '/assets/post-editor-d.js', imports: [] } },
      signIn: {
        dialog: { file: '/assets/login-modal-e.js', imports: ['/assets/chunk-x.js', '/assets/chunk-y.js'] },
        translator: { file: '/assets/translator-f.js', imports: [] },
        locales: {
          en: { page: { file: '/assets/en-g.js', imports: [] }, account: { file: '/assets/en-h.js', imports: [] } },
        },
      },
    })
  })

  it('refuses a build without the entry, or whose entry imports a stylesheet', () => {
    const page = { 'out/home-page-b.js': output('shared/pages/home-page.tsx') }
    const signIn = {
      'out/login-modal-e.js': output('shared/account/login-modal.tsx'),
      'out/translator-f.js': output('shared/i18n/translator.ts'),
    }
    expect(() =>
      toManifest({ inputs: {}, outputs: { 'out/entry-a.js': output(ENTRY) } }, { entryPoint: ENTRY, url }),
    ).toThrow(/sign-in dialog/)
    expect(() => toManifest({ inputs: {}, outputs: page }, { entryPoint: ENTRY, url })).toThrow(/entry is missing/)
    const styled = { 'out/entry-a.js': output(ENTRY, [], { cssBundle: 'out/entry-a.css' }), ...signIn }
    expect(() => toManifest({ inputs: {}, outputs: styled }, { entryPoint: ENTRY, url })).toThrow(/stylesheet/)
  })
})
