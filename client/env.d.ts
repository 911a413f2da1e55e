// Stylesheets are bundled by esbuild (build.mjs); importing one only adds it to the CSS output.
declare module '*.css'

/** The hashed address of every stylesheet of the bundle by group (build.mjs defines it at build). */
declare const __STYLE_SHEETS__: Readonly<Record<string, string>>
