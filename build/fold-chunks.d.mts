import type { BuildOptions, Metafile } from 'esbuild'

/** The options of `foldChunks` (see fold-chunks.mjs). */
export interface FoldChunksOptions {
  metafile: Metafile
  root: string
  outDir: string
  publicPath: string
  entryPoint: string
  isPage: (entryPoint: string) => boolean
  output: BuildOptions
}

/** Folds the entry's static chunks into it and copies stateless shared chunks into page chunks. */
export declare function foldChunks(options: FoldChunksOptions): Promise<Metafile>
