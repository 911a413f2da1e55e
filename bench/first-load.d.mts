// Types of first-load.mjs for the TypeScript tests that share it.

export interface ScriptBytes {
  file: string
  raw: number
  gzip: number
  inputs?: { input: string; bytes: number }[]
  frameworkShare?: number
}

export interface FirstLoad {
  js: {
    raw: number
    gzip: number
    files: number
    framework: number
    scripts: ScriptBytes[]
    reactStreaming: { raw: number; gzip: number }
  }
  css: { raw: number; gzip: number; files: number; inline: number }
}

export interface ClientBuild {
  manifest: { pages: Record<string, { file: string; imports: string[] }> }
  metafile: unknown
}

export declare const FRAMEWORK_PACKAGES: readonly string[]
export declare const FIRST_LOAD_BUDGET_KIB: number
export declare function firstLoadBytes(
  origin: string,
  urlPath: string,
  headers?: Record<string, string>,
  options?: { metafile?: unknown },
): Promise<FirstLoad>
export declare function readClientBuild(clientDir: string): ClientBuild
export declare function firstLoadByPageKind(
  origin: string,
  pages: { host: string; path: string; cookie?: string }[],
  build: ClientBuild,
): Promise<{ kind: string; page: string; js: FirstLoad['js'] }[]>
