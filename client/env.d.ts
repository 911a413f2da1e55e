// Stylesheets are bundled by esbuild (build.mjs); importing one only adds it to the CSS output.
declare module '*.css'
