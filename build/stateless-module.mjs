// Whether a module of ours may be copied into several chunks: decided from its syntax tree.
import { parse } from 'acorn'
import { transformSync } from 'esbuild'

const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.jsx': 'jsx' }
const JSX_RUNTIME = /^react\/jsx(?:-dev)?-runtime$/

/**
 * Whether a module holds no state of its own at top level, so two copies of it behave as one: a
 * visitor who moves between page kinds runs one copy per page kind. State is any top-level `let` or
 * `var` (an `export let` or a compiled `enum` included), any call or `new` whose result is kept
 * (`createContext(…)`, `new Map()`, `memo(…)`), a global regular expression (its `lastIndex`), a
 * class with static fields or blocks, and any statement that does something when the module loads.
 * What is left is imports, exports, functions, classes and constants made of literals, functions
 * and other names; the JSX runtime's calls count as literals (a React element never changes).
 * Decided on the parsed module, not on its text, so a comment or a string never decides it.
 * @param {string} source the module's text
 * @param {string} file its name, whose extension picks the syntax (TypeScript, JSX)
 * @returns {boolean}
 */
export function isStatelessModule(source, file) {
  const loader = LOADERS[file.slice(file.lastIndexOf('.'))]
  if (loader === undefined) return false
  // esbuild takes the types and the JSX away (as the bundle will), leaving JavaScript acorn reads.
  const { code } = transformSync(source, { loader, jsx: 'automatic', format: 'esm', sourcefile: file })
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' })
  const jsxCalls = new Set(
    program.body
      .filter((node) => node.type === 'ImportDeclaration' && JSX_RUNTIME.test(node.source.value))
      .flatMap((node) => node.specifiers.map((specifier) => specifier.local.name)),
  )
  return program.body.every((statement) => isInertStatement(statement, jsxCalls))
}

/** A top-level statement that declares without doing anything or keeping anything that changes. */
function isInertStatement(node, jsxCalls) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'FunctionDeclaration':
    case 'EmptyStatement':
      return true
    case 'ExportNamedDeclaration':
      return node.declaration == null || isInertStatement(node.declaration, jsxCalls)
    case 'ExportDefaultDeclaration':
      return node.declaration.type === 'FunctionDeclaration' || isInert(node.declaration, jsxCalls)
    case 'ClassDeclaration':
      return isInert(node, jsxCalls)
    case 'VariableDeclaration':
      return node.kind === 'const' && node.declarations.every((item) => item.init && isInert(item.init, jsxCalls))
    default:
      // Expression statements (calls, assignments such as `Link.displayName = …`), loops, blocks.
      return false
  }
}

/** An expression whose value, once made, never changes and is the same in every copy. */
function isInert(node, jsxCalls) {
  const inert = (child) => child == null || isInert(child, jsxCalls)
  switch (node.type) {
    case 'Literal':
      return !node.regex || !/[gy]/.test(node.regex.flags)
    case 'Identifier':
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return true
    case 'TemplateLiteral':
      return node.expressions.every(inert)
    case 'ArrayExpression':
      return node.elements.every(inert)
    case 'ObjectExpression':
      return node.properties.every((item) =>
        item.type === 'SpreadElement' ? inert(item.argument) : (!item.computed || inert(item.key)) && inert(item.value),
      )
    case 'SpreadElement':
    case 'UnaryExpression':
      return node.operator !== 'delete' && inert(node.argument)
    case 'BinaryExpression':
    case 'LogicalExpression':
      return inert(node.left) && inert(node.right)
    case 'ConditionalExpression':
      return inert(node.test) && inert(node.consequent) && inert(node.alternate)
    case 'MemberExpression':
      return inert(node.object) && (!node.computed || inert(node.property))
    case 'CallExpression':
      return node.callee.type === 'Identifier' && jsxCalls.has(node.callee.name) && node.arguments.every(inert)
    case 'ClassDeclaration':
    case 'ClassExpression':
      return (
        inert(node.superClass) &&
        node.body.body.every(
          (item) => item.type === 'MethodDefinition' || (!item.static && item.type !== 'StaticBlock'),
        )
      )
    default:
      // new, assignment, update, await, yield, tagged templates, sequences: each makes or changes state.
      return false
  }
}
