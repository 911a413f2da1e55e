import type { Metafile } from 'esbuild'

interface ManifestChunk {
  file: string
  imports: string[]
}

/** The manifest the server reads (see client-manifest.mjs). */
export declare function toManifest(
  metafile: Metafile,
  options: { entryPoint: string; url: (file: string) => string },
): {
  entry: ManifestChunk
  pages: Record<string, ManifestChunk>
  views: Record<string, ManifestChunk>
  lazy: Record<string, ManifestChunk>
}
