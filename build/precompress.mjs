// Precompressed copies of the browser bundle's files, for the server to send as they are.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Writes `.br` and `.gz` next to every script, stylesheet, SVG and JSON file of `folder`, at the
 * highest levels: done once here, the server negotiates them per request instead of compressing
 * the same bytes again.
 * @param {string} folder
 * @returns {Promise<void>}
 */
export async function precompress(folder) {
  const files = (await readdir(folder)).filter((name) => /\.(?:js|css|svg|json)$/.test(name))
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(folder, name)
      const content = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: 9 }),
      ])
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
    }),
  )
}
