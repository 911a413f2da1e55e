// The manifest the server reads to link a page's scripts (server/render/manifest.ts).
import path from 'node:path'

/**
 * Entry, page, content-view and on-demand chunks, each with the chunks it imports statically (for
 * modulepreload), from the browser build's metafile as chunk folding left it.
 * @param {import('esbuild').Metafile} metafile
 * @param {{ entryPoint: string, url: (file: string) => string }} options the entry's source as the
 *   metafile names it, and the public address of an output file
 */
export function toManifest(metafile, { entryPoint, url }) {
  const outputs = metafile.outputs
  const staticImports = (file, seen = new Set()) => {
    for (const item of outputs[file]?.imports ?? []) {
      if (item.kind !== 'import-statement' || item.external || seen.has(item.path)) continue
      seen.add(item.path)
      staticImports(item.path, seen)
    }
    return seen
  }
  const chunk = (file) => ({ file: url(file), imports: [...staticImports(file)].map(url) })
  // lazy: chunks loaded on demand by a feature (e.g. the article editor), listed so tests can tell when they load.
  // signIn: what the sign-in dialog needs (its chunk, the translator, and each language's strings),
  // preloaded when a tap on "Sign in" is kept before hydration (server/render/first-tap-script.ts).
  const manifest = {
    entry: null,
    pages: {},
    views: {},
    lazy: {},
    signIn: { dialog: null, translator: null, locales: {} },
  }
  for (const [file, output] of Object.entries(outputs)) {
    if (file.endsWith('.js') && output.entryPoint) place(manifest, output, chunk(file), entryPoint)
  }
  if (!manifest.entry) throw new Error('The client entry is missing from the build output')
  if (!manifest.signIn.dialog || !manifest.signIn.translator)
    throw new Error('The sign-in dialog or the translator is missing from the build output')
  return manifest
}

/** Puts one entry point's chunk where the manifest lists its kind; chunks of no listed kind are left out. */
function place(manifest, output, chunk, entryPoint) {
  const entry = output.entryPoint
  if (entry === entryPoint) {
    manifest.entry = chunk
    if (output.cssBundle)
      throw new Error('The client entry imports a stylesheet: stylesheets are built from client/styles/sheets')
  } else if (/^shared\/pages\/[\w-]+\.tsx$/.test(entry)) {
    manifest.pages[path.basename(entry, '.tsx')] = chunk
  } else if (/^shared\/pages\/content\/[\w-]+-view\.tsx$/.test(entry)) {
    manifest.views[path.basename(entry, '.tsx')] = chunk
  } else if (entry === 'shared/post-editor/post-editor.tsx' || entry === 'shared/account/account-session.ts') {
    manifest.lazy[path.basename(entry).replace(/\.tsx?$/, '')] = chunk
  } else {
    placeSignIn(manifest.signIn, entry, chunk)
  }
}

/** The sign-in dialog's chunks: the dialog, the translator, and each language's page and account strings. */
function placeSignIn(signIn, entry, chunk) {
  if (entry === 'shared/account/login-modal.tsx') {
    signIn.dialog = chunk
  } else if (entry === 'shared/i18n/translator.ts') {
    signIn.translator = chunk
  } else if (/^shared\/i18n\/locales\/(account\/)?[\w-]+\.ts$/.test(entry)) {
    const language = path.basename(entry, '.ts')
    const locale = signIn.locales[language] ?? { page: null, account: null }
    locale[entry.includes('/account/') ? 'account' : 'page'] = chunk
    signIn.locales[language] = locale
  }
}
