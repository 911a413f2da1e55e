// The first pass's metafile rewritten to describe the files after chunk folding (fold-chunks.mjs).

/**
 * The first pass's view with the merged chunks' modules in the entry, the copied ones in each page
 * chunk, and their importers pointing at where the code now is. The manifest (modulepreload lists)
 * and bench/first-load.mjs read it.
 * @param {import('esbuild').Metafile} metafile the first pass's metafile
 * @param {object} plan what went where (fold-chunks.mjs `planFold`)
 * @returns {import('esbuild').Metafile}
 */
export function foldedMetafile(metafile, plan) {
  const { outputs, entry, merged, copied, abs } = plan
  const isCopied = (item) => item.kind === 'import-statement' && copied.has(abs(item.path))
  const pageImports = (output) =>
    output.imports.flatMap((item) => (isCopied(item) ? pageImports(outputs[item.path]) : [item]))
  const pageInputs = (output) =>
    Object.assign({}, output.inputs, ...output.imports.filter(isCopied).map((item) => pageInputs(outputs[item.path])))
  const view = { inputs: metafile.inputs, outputs: {} }
  for (const [file, output] of Object.entries(outputs)) {
    if (merged.has(file)) continue
    const page = plan.isPage(file)
    const imports = (page ? pageImports(output) : output.imports).map((item) =>
      merged.has(item.path) ? { ...item, path: entry } : item,
    )
    const unique = uniqueImports(imports)
    view.outputs[file] = {
      ...output,
      ...(page ? { inputs: pageInputs(output) } : {}),
      imports: file === entry ? unique.filter((item) => item.path !== entry) : unique,
    }
  }
  view.outputs[entry].inputs = Object.assign({}, ...[entry, ...merged].map((file) => outputs[file].inputs))
  return view
}

/** Each import once (by kind and path), in first-seen order. */
function uniqueImports(imports) {
  const seen = new Set()
  return imports.filter((item) => {
    const key = `${item.kind}:${item.path}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
