// The browser build's second pass: folds the chunks esbuild split off into the files that always
// load them. Build-time code (Node): it sits under client/ because it shapes the client bundle.
import { readFileSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import * as esbuild from 'esbuild'
import { foldedMetafile } from './folded-metafile.mjs'
import { isStatelessModule } from './stateless-module.mjs'

/**
 * Folds every chunk the entry imports statically into the entry file. esbuild gives each set of
 * modules shared by the entry and some pages a chunk of its own (it has no way to say "the entry
 * is always there"): a page loaded 20 such files of a few hundred bytes, each compressed on its
 * own, about a third more gzip bytes and a request each. Those chunks always load with the entry,
 * so they join it; the entry re-exports what they exported under names of its own, and every
 * other chunk imports those from the entry instead. The same holds one level down: the chunks a
 * page chunk imports statically (shared by some page kinds: cards, pagination, forms) are copied
 * into it when every module in them is ours and stateless (`isStatelessModule`), so a page kind
 * loads one file of its own. File names stay as the first pass hashed them from the sources (this
 * step only rearranges that output), so no chunk's address changes.
 * @param {object} options
 * @param {import('esbuild').Metafile} options.metafile the first pass's metafile
 * @param {string} options.root the first pass's working directory (the metafile's paths are relative to it)
 * @param {string} options.outDir where the first pass wrote its files
 * @param {string} options.publicPath the address the first pass wrote imports under
 * @param {string} options.entryPoint the entry's source, as the metafile names it
 * @param {(entryPoint: string) => boolean} options.isPage whether an entry point is a page kind's chunk
 * @param {import('esbuild').BuildOptions} options.output the first pass's output options (target, minify, maps)
 * @returns {Promise<import('esbuild').Metafile>} the metafile as the files now stand
 */
export async function foldChunks({ metafile, root, outDir, publicPath, entryPoint, isPage, output }) {
  const plan = planFold(metafile, { root, entryPoint, isPage, isCopyable: copyableIn(root) })
  if (plan.merged.size === 0) return metafile
  await esbuild.build({
    ...output,
    absWorkingDir: root,
    entryPoints: [
      { in: 'merged-entry', out: path.basename(plan.entry, '.js') },
      ...plan.others.map((file) => ({ in: file, out: path.basename(file, '.js') })),
    ],
    outdir: outDir,
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    plugins: [foldPlugin(plan, { outDir, publicPath })],
  })
  await Promise.all(
    [...plan.merged].flatMap((file) => [rm(plan.abs(file)), rm(`${plan.abs(file)}.map`, { force: true })]),
  )
  return foldedMetafile(metafile, plan)
}

/**
 * Which output files go where: `merged` join the entry, `copied` (absolute paths) are copied into
 * each page chunk that imports them, `others` are rebuilt from the first pass's files.
 */
function planFold(metafile, { root, entryPoint, isPage, isCopyable }) {
  const outputs = metafile.outputs
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint === entryPoint)
  if (entry === undefined) throw new Error(`${entryPoint} is not an entry point of this build`)
  const merged = new Set()
  const follow = (file) => {
    for (const item of outputs[file].imports) {
      if (item.kind !== 'import-statement' || item.external || merged.has(item.path)) continue
      merged.add(item.path)
      follow(item.path)
    }
  }
  follow(entry)
  const abs = (file) => path.resolve(root, file)
  const others = Object.keys(outputs).filter((file) => file.endsWith('.js') && file !== entry && !merged.has(file))
  const copied = new Set(others.filter((file) => !outputs[file].entryPoint && isCopyable(outputs[file])).map(abs))
  const pages = new Set(others.filter((file) => isPage(outputs[file].entryPoint ?? '')).map(abs))
  return {
    outputs,
    entry,
    merged,
    mergedAbs: new Map([...merged].map((file) => [abs(file), file])),
    others,
    copied,
    pages,
    abs,
    isPage: (file) => pages.has(abs(file)),
  }
}

/**
 * Whether an output file may be copied: every module in it is ours (not a package, not esbuild's
 * own helpers) and stateless. Each source is read and parsed once per build.
 */
function copyableIn(root) {
  const known = new Map()
  const stateless = (input) => {
    if (!known.has(input)) known.set(input, isStatelessModule(readFileSync(path.join(root, input), 'utf8'), input))
    return known.get(input)
  }
  return (output) =>
    Object.keys(output.inputs).every(
      (input) => !input.includes('node_modules') && !input.startsWith('<') && stateless(input),
    )
}

/** A chunk's export, renamed as the entry re-exports it. */
const aliasOf = (file, name) => `${path.basename(file, '.js').replace(/\W/g, '_')}$${name}`

/** The esbuild plugin that resolves each import of the first pass's files to where its code now goes. */
function foldPlugin(plan, { outDir, publicPath }) {
  const { outputs, entry, merged, mergedAbs, copied, pages, abs } = plan
  const link = (file) => `${publicPath}/${path.basename(file)}`
  const entryLink = link(entry)
  const wrapper = [`import ${JSON.stringify(entryLink)}`]
  for (const file of merged) {
    const names = outputs[file].exports
    if (names.length > 0)
      wrapper.push(
        `export { ${names.map((name) => `${name} as ${aliasOf(file, name)}`).join(', ')} } from ${JSON.stringify(link(file))}`,
      )
  }
  const inEntry = (importer) => importer === 'merged-entry' || importer === abs(entry) || mergedAbs.has(importer)
  const intoPage = (importer) => copied.has(importer) || pages.has(importer)
  return {
    name: 'fold-chunks',
    setup(build) {
      build.onResolve({ filter: /^merged-entry$/ }, () => ({ path: 'merged-entry', namespace: 'merged-entry' }))
      build.onLoad({ filter: /.*/, namespace: 'merged-entry' }, () => ({
        contents: wrapper.join('\n'),
        resolveDir: outDir,
        loader: 'js',
      }))
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined
        // The first pass wrote every import as an address under publicPath.
        const file = args.path.startsWith(`${publicPath}/`)
          ? path.join(outDir, args.path.slice(publicPath.length))
          : path.resolve(args.resolveDir, args.path)
        if (args.kind === 'dynamic-import' || args.namespace === 'entry-link')
          return { path: args.path, external: true }
        if (inEntry(args.importer) || (intoPage(args.importer) && copied.has(file))) return { path: file }
        // Named by the file's name alone: the name shows in the public source maps, a build folder must not.
        return mergedAbs.has(file)
          ? { path: path.basename(file), namespace: 'entry-link', pluginData: file }
          : { path: args.path, external: true }
      })
      build.onLoad({ filter: /\.js$/, namespace: 'file' }, (args) => withInlineMap(args.path))
      build.onLoad({ filter: /.*/, namespace: 'entry-link' }, (args) => {
        const file = mergedAbs.get(args.pluginData)
        const names = outputs[file].exports.map((name) => `${aliasOf(file, name)} as ${name}`)
        return {
          contents: `export { ${names.join(', ')} } from ${JSON.stringify(entryLink)}`,
          resolveDir: outDir,
          loader: 'js',
        }
      })
    },
  }
}

/**
 * A first-pass file with its source map inline: the first pass names its maps by address
 * (/assets/…), which esbuild cannot find on disk; handed over inline, they let this pass's maps
 * point at the sources.
 */
async function withInlineMap(file) {
  const code = await readFile(file, 'utf8')
  const map = await readFile(`${file}.map`, 'base64').catch(() => undefined)
  const contents =
    map === undefined
      ? code
      : code.replace(/\/\/# sourceMappingURL=\S+\s*$/, `//# sourceMappingURL=data:application/json;base64,${map}\n`)
  return { contents, loader: 'js' }
}
