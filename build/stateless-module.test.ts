import { describe, expect, it } from 'vitest'
import { isStatelessModule } from './stateless-module.mjs'

// A module copied into several page chunks runs once per copy: only one without state of its own
// may be copied (fold-chunks.mjs). Decided on the syntax tree, so these cases differ in structure
// only where it matters.
describe('isStatelessModule', () => {
  it.each([
    ['imports and exported functions', `import { a } from './a.ts'\nexport function f() { return a }`],
    [
      'constants of literals and names',
      `import { a } from './a.ts'\nexport const N = 3, S = \`x\${N}\`, T = [a, { b: -1, ...{ c: 'd' } }]`,
    ],
    [
      'arrow functions that build state when called',
      `export const make = () => new Map()\nconst g = function () { let n = 0; return n }`,
    ],
    [
      'a component and its JSX constants',
      `const icon = <svg><path d="M0" /></svg>\nexport default function Card({ x }: { x: string }) { return <p>{x}{icon}</p> }`,
    ],
    [
      'types, interfaces and re-exports',
      `export type T = { a: string }\nexport interface I { b: number }\nexport { c } from './c.ts'\nexport * from './d.ts'`,
    ],
    ['a class with methods and instance fields', `export class Box { size = 1; grow() { this.size++ } }`],
    [
      'state words inside strings and comments',
      `// let x = createContext()\nexport const help = 'var y = new Map(); let z'`,
    ],
    ['a non-global regular expression', `export const SLUG = /^[a-z-]+$/i`],
  ])('%s: stateless', (_, source) => {
    expect(isStatelessModule(source, 'fixture.tsx')).toBe(true)
  })

  it.each([
    ['a React context', `import { createContext } from 'react'\nexport const Ctx = createContext(null)`],
    [
      'a map made at import',
      `const seen = new Map<string, number>()\nexport const remember = (k: string) => seen.set(k, 1)`,
    ],
    ['an exported let', `export let count = 0`],
    ['a var', `var loaded = false\nexport const isLoaded = () => loaded`],
    ['a top-level let', `let current: string | undefined\nexport function set(v: string) { current = v }`],
    ['any call kept at top level', `import { memo } from 'react'\nexport const M = memo(() => null)`],
    ['a statement that runs at import', `window.addEventListener('load', () => {})`],
    ['an assignment at top level', `function Link() {}\nLink.displayName = 'Link'`],
    ['an enum (compiled to a var)', `export enum Kind { A, B }`],
    ['a global regular expression (its lastIndex)', `export const WORDS = /\\w+/g`],
    ['a class with a static field', `export class Registry { static all = [] }`],
    ['a tagged template', `const css = (s: TemplateStringsArray) => s\nexport const rule = css\`a\``],
  ])('%s: stateful', (_, source) => {
    expect(isStatelessModule(source, 'fixture.tsx')).toBe(false)
  })

  it('refuses a file it cannot parse as a script', () => {
    expect(isStatelessModule('a { color: red }', 'sheet.css')).toBe(false)
  })
})
