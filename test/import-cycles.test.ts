import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')
const SIDES = ['server', 'shared', 'client']
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

// One import between two folders: the folders, and the file and specifier that make it.
interface FolderEdge {
  from: string
  to: string
  via: string
}

// The folder a file belongs to: `server/seo` for `server/seo/x.ts` and for `server/seo/a/b.ts`; a file at
// a side's top (server/app.ts, shared/routes.tsx) is its own node.
function folderOf(file: string): string {
  const parts = file.split(path.sep)
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts.join('/')
}

function productionFiles(): string[] {
  return SIDES.flatMap((side) =>
    readdirSync(path.join(ROOT, side), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test(-helper)?\.tsx?$/.test(file))
      .map((file) => path.join(side, file)),
  )
}

// Every relative import of the production code that crosses from one folder to another.
function folderEdges(files: string[]): FolderEdge[] {
  return files.flatMap((file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8')
    return [...text.matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2] ?? '')
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({
        from: folderOf(file),
        to: folderOf(path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier))),
        via: `${file} → ${specifier}`,
      }))
      .filter((edge) => edge.from !== edge.to)
  })
}

// The import cycles of a folder graph: each strongly connected group of two or more folders
// (Tarjan's algorithm), with the imports that tie it together.
function findCycles(edges: readonly FolderEdge[]): { folders: string[]; imports: string[] }[] {
  const next = new Map<string, Set<string>>()
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1) groups.push(group.sort())
  }
  for (const node of next.keys()) if (!index.has(node)) visit(node)
  return groups.map((folders) => ({
    folders,
    imports: edges.filter((edge) => folders.includes(edge.from) && folders.includes(edge.to)).map((edge) => edge.via),
  }))
}

// Issue 24 "no cycles": a folder is a concept, and concepts depend one way (STYLE.md "Request flow").
// A cycle means two folders are one concept split in two, or a piece sits in the wrong one.
describe('import cycles between folders', () => {
  it('server/, shared/ and client/ have none', () => {
    const files = productionFiles()
    expect(files.length).toBeGreaterThan(100)
    expect(findCycles(folderEdges(files))).toEqual([])
  })

  it('reads the folder graph from the import statements', () => {
    const edges = folderEdges(productionFiles())
    expect(edges).toContainEqual({
      from: 'server/page-data',
      to: 'server/tenant',
      via: 'server/page-data/loader-env.ts → ../tenant/tenant-data.ts',
    })
    expect(edges.some((edge) => edge.from === 'client/entry-client.tsx' && edge.to === 'shared/routes.tsx')).toBe(true)
  })

  const edge = (from: string, to: string): FolderEdge => ({ from, to, via: `${from}/x.ts → ${to}` })
  it.each<[string, FolderEdge[], string[][]]>([
    ['none in a chain', [edge('a', 'b'), edge('b', 'c')], []],
    [
      'two folders importing each other',
      [edge('server/tenant', 'server/page-data'), edge('server/page-data', 'server/tenant')],
      [['server/page-data', 'server/tenant']],
    ],
    [
      'the cycles server/ had (tenant ↔ page-data, seo ↔ page-data)',
      [
        edge('server/tenant', 'server/page-data'),
        edge('server/page-data', 'server/tenant'),
        edge('server/seo', 'server/page-data'),
        edge('server/page-data', 'server/seo'),
        edge('server/seo', 'server/tenant'),
      ],
      [['server/page-data', 'server/seo', 'server/tenant']],
    ],
    ['a longer loop', [edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')], [['a', 'b', 'c']]],
    [
      'two separate cycles',
      [edge('a', 'b'), edge('b', 'a'), edge('c', 'd'), edge('d', 'c')],
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
  ])('finds %s', (_name, edges, expected) => {
    expect(
      findCycles(edges)
        .map((cycle) => cycle.folders)
        .sort(),
    ).toEqual(expected)
  })

  it('names the imports that make a cycle', () => {
    expect(findCycles([edge('a', 'b'), edge('b', 'a'), edge('b', 'c')])[0]?.imports).toEqual([
      'a/x.ts → b',
      'b/x.ts → a',
    ])
  })
})
