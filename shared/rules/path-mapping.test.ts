import { describe, expect, it } from 'vitest'
import {
  cleanPathMapping,
  compilePathMapping,
  toBrowserPath,
  toRoutePath,
  type PathMappingPair,
} from './path-mapping.ts'

const MAPPING: PathMappingPair[] = [
  { from: '/post', to: '/articles' },
  { from: '/res/hot', to: '/trending' },
  { from: '/c/legal', to: '/legal' },
]

describe('toBrowserPath', () => {
  it.each([
    ['/post', '/articles'],
    ['/post/', '/articles/'],
    ['/post/1', '/articles/1'],
    ['/post/1?x=1#h', '/articles/1?x=1#h'],
    ['/post?x=/post', '/articles?x=/post'],
    ['/post#/post', '/articles#/post'],
    ['/post-x', '/post-x'],
    ['/postx', '/postx'],
    ['/posts/1', '/posts/1'],
    ['/x/post/1', '/x/post/1'],
    ['/res/hot/movies', '/trending/movies'],
    ['/res/new', '/res/new'],
    ['/c/legal/privacy', '/legal/privacy'],
    ['/c/legalese', '/c/legalese'],
    ['/en/post/1', '/en/articles/1'],
    ['/zh-TW/post', '/zh-TW/articles'],
    ['/en', '/en'],
    ['/en?x', '/en?x'],
    ['/', '/'],
    ['/articles/1', '/articles/1'],
    ['https://elsewhere.example/post/1', 'https://elsewhere.example/post/1'],
    ['//elsewhere.example/post', '//elsewhere.example/post'],
    ['mailto:a@b.example', 'mailto:a@b.example'],
    ['#post', '#post'],
    ['post/1', 'post/1'],
  ])('%j → %j', (href, expected) => {
    expect(toBrowserPath(href, MAPPING)).toBe(expected)
  })

  it('leaves everything alone without a mapping', () => {
    expect(toBrowserPath('/post/1', undefined)).toBe('/post/1')
    expect(toBrowserPath('/post/1', [])).toBe('/post/1')
  })
})

describe('toRoutePath', () => {
  it.each([
    ['/articles', '/post'],
    ['/articles/1', '/post/1'],
    ['/articles/1?x#y', '/post/1?x#y'],
    ['/articles-x', '/articles-x'],
    ['/articlesx', '/articlesx'],
    ['/trending/movies', '/res/hot/movies'],
    ['/legal/privacy', '/c/legal/privacy'],
    ['/en/articles/1', '/en/post/1'],
    ['/post/1', '/post/1'],
    ['/', '/'],
    ['https://elsewhere.example/articles', 'https://elsewhere.example/articles'],
  ])('%j → %j', (href, expected) => {
    expect(toRoutePath(href, MAPPING)).toBe(expected)
  })

  it('round-trips every mapped path', () => {
    for (const path of ['/post', '/post/1', '/res/hot', '/res/hot/a/b', '/c/legal/x', '/en/post/1']) {
      expect(toRoutePath(toBrowserPath(path, MAPPING), MAPPING)).toBe(path)
    }
  })
})

describe('longest prefix first, whatever the upstream order', () => {
  const nested: PathMappingPair[] = [
    { from: '/post', to: '/articles' },
    { from: '/post/special', to: '/featured' },
  ]

  it.each([
    ['/post/special/1', '/featured/1'],
    ['/post/special', '/featured'],
    ['/post/specialist', '/articles/specialist'],
    ['/post/1', '/articles/1'],
  ])('%j → %j', (path, expected) => {
    expect(toBrowserPath(path, nested)).toBe(expected)
    expect(toBrowserPath(path, [...nested].reverse())).toBe(expected)
    expect(toRoutePath(expected, nested)).toBe(path)
  })
})

describe('cleanPathMapping', () => {
  it.each<[string, unknown, PathMappingPair[]]>([
    [
      'sorted longest from first',
      [
        { from: '/a', to: '/x' },
        { from: '/b/c/d', to: '/y' },
        { from: '/e/f', to: '/z' },
      ],
      [
        { from: '/b/c/d', to: '/y' },
        { from: '/e/f', to: '/z' },
        { from: '/a', to: '/x' },
      ],
    ],
    ['from === to ignored', [{ from: '/a', to: '/a' }], []],
    ['trailing slash and blanks normalized', [{ from: ' /a/ ', to: '/x/' }], [{ from: '/a', to: '/x' }]],
    [
      'chain a → b, b → c: the later pair is ignored',
      [
        { from: '/a', to: '/b' },
        { from: '/b', to: '/c' },
      ],
      [{ from: '/a', to: '/b' }],
    ],
    [
      'chain b → c, a → b: the later pair is ignored',
      [
        { from: '/b', to: '/c' },
        { from: '/a', to: '/b' },
      ],
      [{ from: '/b', to: '/c' }],
    ],
    [
      'swap a → b, b → a',
      [
        { from: '/a', to: '/b' },
        { from: '/b', to: '/a' },
      ],
      [{ from: '/a', to: '/b' }],
    ],
    ['to under its own from', [{ from: '/a', to: '/a/b' }], []],
    ['from under its own to', [{ from: '/a/b', to: '/a' }], []],
    [
      'to under another from',
      [
        { from: '/a', to: '/x' },
        { from: '/b', to: '/a/y' },
      ],
      [{ from: '/a', to: '/x' }],
    ],
    [
      'same to twice',
      [
        { from: '/a', to: '/x' },
        { from: '/b', to: '/x' },
      ],
      [{ from: '/a', to: '/x' }],
    ],
    [
      'nested to',
      [
        { from: '/a', to: '/x' },
        { from: '/b', to: '/x/y' },
      ],
      [{ from: '/a', to: '/x' }],
    ],
    [
      'same from twice',
      [
        { from: '/a', to: '/x' },
        { from: '/a', to: '/y' },
      ],
      [{ from: '/a', to: '/x' }],
    ],
    [
      'root ignored',
      [
        { from: '/', to: '/x' },
        { from: '/a', to: '/' },
      ],
      [],
    ],
    [
      'language prefix ignored',
      [
        { from: '/en', to: '/x' },
        { from: '/a', to: '/ZH-tw/b' },
      ],
      [],
    ],
    [
      'not absolute',
      [
        { from: 'a', to: '/x' },
        { from: '/a', to: 'https://evil.com' },
      ],
      [],
    ],
    [
      'double slash',
      [
        { from: '//a', to: '/x' },
        { from: '/a', to: '//evil.com' },
        { from: '/b', to: '/c//d' },
      ],
      [],
    ],
    ['backslash', [{ from: '/a', to: '/\\evil.com' }], []],
    [
      'query or hash',
      [
        { from: '/a?x', to: '/x' },
        { from: '/b', to: '/y#z' },
      ],
      [],
    ],
    [
      'blanks and controls inside',
      [
        { from: '/a b', to: '/x' },
        { from: '/c', to: '/\t/evil.com' },
      ],
      [],
    ],
    [
      'dot segments',
      [
        { from: '/a/../b', to: '/x' },
        { from: '/c', to: '/./d' },
      ],
      [],
    ],
    [
      'malformed escapes',
      [
        { from: '/%zz', to: '/x' },
        { from: '/a', to: '/%E0%A4%A' },
      ],
      [],
    ],
    [
      'non-ASCII encoded, escapes upper-cased',
      [{ from: '/文章', to: '/p%c3%a9' }],
      [{ from: '/%E6%96%87%E7%AB%A0', to: '/p%C3%A9' }],
    ],
    ['not strings', [{ from: 1, to: '/x' }, null, 'x', { to: '/y' }], []],
    ['not an array', { from: '/a', to: '/b' }, []],
  ])('%s', (_name, raw, expected) => {
    expect(cleanPathMapping(raw)).toEqual(expected)
  })
})

describe('compilePathMapping', () => {
  it('compiles a list once', () => {
    const list = [{ from: '/a', to: '/b' }]
    const first = compilePathMapping(list)
    expect(compilePathMapping(list)).toBe(first)
    expect(compilePathMapping(first.pairs)).toBe(first)
  })

  it('treats anything but a list as no mapping', () => {
    expect(compilePathMapping('/a' as unknown as PathMappingPair[]).pairs).toEqual([])
    expect(compilePathMapping({ from: '/a', to: '/b' } as unknown as PathMappingPair[]).pairs).toEqual([])
  })

  it('matches escapes regardless of hex case', () => {
    const mapping = compilePathMapping([{ from: '/文章', to: '/articles' }])
    expect(mapping.toBrowser('/%e6%96%87%e7%ab%a0/1')).toBe('/articles/1')
    expect(mapping.toRoute('/articles/%e4%b8%80')).toBe('/%E6%96%87%E7%AB%A0/%e4%b8%80')
  })

  it('never loops on hostile mappings: applying twice changes nothing more', () => {
    const hostile = [
      { from: '/a', to: '/b' },
      { from: '/b', to: '/a' },
      { from: '/c', to: '/c' },
      { from: '/d', to: '/d/e' },
      { from: '/e', to: '/f' },
      { from: '/f', to: '/e' },
    ]
    const mapping = compilePathMapping(hostile)
    for (const path of ['/a/1', '/b/1', '/c/1', '/d/1', '/d/e/1', '/e/1', '/f/1']) {
      const shown = mapping.toBrowser(path)
      expect(mapping.toBrowser(shown)).toBe(shown)
      const route = mapping.toRoute(path)
      expect(mapping.toRoute(route)).toBe(route)
    }
  })
})
