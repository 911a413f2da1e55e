/**
 * A browser script or stylesheet build.mjs names by a hash of its content (`[name]-[hash]`):
 * immutable, so any instance may answer it for any build. Anything else under /assets/ (source
 * maps, a name a stranger makes up with another shape) is never looked for beyond the local folder.
 */
const HASHED_ASSET = /^[A-Za-z0-9_-]{1,100}-[A-Z0-9]{8}\.(js|css)$/

/** The Content-Type of a hashed asset, or undefined when `name` is not one. */
export function hashedAssetType(name: string): string | undefined {
  const extension = HASHED_ASSET.exec(name)?.[1]
  if (extension === undefined) return undefined
  return extension === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8'
}

/** A hashed asset's bytes as the build wrote them: the file, and its brotli and gzip beside it. */
export interface AssetCopy {
  type: string
  identity: Buffer
  br: Buffer | undefined
  gzip: Buffer | undefined
}

/** Bytes an asset copy holds. */
export function copyBytes(copy: AssetCopy): number {
  return copy.identity.length + (copy.br?.length ?? 0) + (copy.gzip?.length ?? 0)
}
