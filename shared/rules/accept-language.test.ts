import { describe, expect, it } from 'vitest'
import { LANGUAGES, type Lang } from '../types.ts'
import { matchAcceptLanguage, MAX_ACCEPT_LANGUAGE_LENGTH, toSupportedLanguage } from './accept-language.ts'

describe('toSupportedLanguage', () => {
  it.each([
    // exact tags, any case
    ['en', 'en'],
    ['zh-TW', 'zh-TW'],
    ['zh-tw', 'zh-TW'],
    ['FIL', 'fil'],
    // traditional Chinese
    ['zh-Hant', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    // simplified Chinese
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-Hans', 'zh'],
    ['zh-SG', 'zh'],
    ['zh-Hans-CN', 'zh'],
    ['zh-Hans-HK', 'zh'],
    // primary subtag
    ['en-GB', 'en'],
    ['en-US', 'en'],
    ['pt-BR', 'pt'],
    ['fr-CA', 'fr'],
    ['fil-PH', 'fil'],
    ['tl', 'fil'],
    ['tl-PH', 'fil'],
    ['ar-EG', 'ar'],
    ['sv-FI', 'sv'],
    // not supported
    ['es', undefined],
    ['es-ES', undefined],
    ['*', undefined],
    ['', undefined],
    ['english', undefined],
  ])('%s → %s', (tag, expected) => {
    expect(toSupportedLanguage(tag)).toBe(expected)
  })
})

describe('matchAcceptLanguage', () => {
  const zhEnJa: Lang[] = ['zh', 'en', 'ja']

  it.each<[string, string | undefined, readonly Lang[], Lang, Lang | undefined]>([
    ['single tag', 'en', zhEnJa, 'zh', 'en'],
    ['q-values decide, not position', 'fr;q=0.5, en;q=0.9', ['zh', 'fr', 'en'], 'zh', 'en'],
    ['q-value with blanks', 'fr ; q=0.5 , en ; q=0.9', ['zh', 'fr', 'en'], 'zh', 'en'],
    ['position decides between equal q', 'ja, en', zhEnJa, 'zh', 'ja'],
    ['unavailable preference skipped', 'de, en;q=0.8', zhEnJa, 'zh', 'en'],
    ['region falls back to primary', 'en-GB,en;q=0.9', zhEnJa, 'zh', 'en'],
    ['typical Chrome header', 'pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7', ['zh', 'pt', 'en'], 'zh', 'pt'],
    ['default language wins when preferred', 'zh-CN,zh;q=0.9,en;q=0.8', zhEnJa, 'zh', 'zh'],
    ['zh-HK → zh-TW', 'zh-HK', ['zh', 'zh-TW'], 'en', 'zh-TW'],
    ['zh-Hant not enabled: next tag', 'zh-Hant, en;q=0.5', zhEnJa, 'zh', 'en'],
    ['zh-CN does not match zh-TW', 'zh-CN', ['en', 'zh-TW'], 'en', undefined],
    ['tl → fil', 'tl', ['zh', 'fil'], 'zh', 'fil'],
    ['q=0 excludes', 'en;q=0, ja;q=0.1', zhEnJa, 'zh', 'ja'],
    ['* alone means the default', '*', zhEnJa, 'zh', 'zh'],
    ['* above others means the default', 'fr;q=0.5, *;q=0.9', ['zh', 'fr'], 'zh', 'zh'],
    ['* below a match', 'fr;q=0.5, *;q=0.1', ['zh', 'fr'], 'zh', 'fr'],
    ['default counts even if the list forgets it', 'de, en', ['en'], 'de', 'de'],
    ['nothing matches', 'es, it;q=0.5', zhEnJa, 'zh', undefined],
    ['no header', undefined, zhEnJa, 'zh', undefined],
    ['empty header', '', zhEnJa, 'zh', undefined],
    ['blank header', '   ', zhEnJa, 'zh', undefined],
    ['garbage', '@@@ ;;; ===', zhEnJa, 'zh', undefined],
    ['garbage then a match', '@@@, en;q=0.2', zhEnJa, 'zh', 'en'],
    ['unparseable q', 'ja;q=abc, en', zhEnJa, 'zh', 'en'],
    ['unterminated quote', 'ja;x="oops, en', zhEnJa, 'zh', 'ja'],
    ['only separators', ',,,;;', zhEnJa, 'zh', undefined],
    ['non-ASCII', 'é, 日本語, en', zhEnJa, 'zh', 'en'],
    ['control characters', '\u0000en\r\n', zhEnJa, 'zh', undefined],
  ])('%s: %j', (_name, header, available, fallback, expected) => {
    expect(matchAcceptLanguage(header, available, fallback)).toBe(expected)
  })

  it.each([
    ['many entries', Array.from({ length: 20_000 }, (_, i) => `x${i};q=0.${i % 9}`).join(', ')],
    ['one huge token', 'a'.repeat(500_000)],
    ['huge parameter list', `en;q=0.5${';a=b'.repeat(100_000)}`],
    ['huge quoted string', `en;a="${'\\"'.repeat(100_000)}`],
    ['separators only', ';'.repeat(500_000)],
    ['commas only', ','.repeat(500_000)],
  ])('very long header (%s) does not throw and matches nothing', (_name, header) => {
    // How much of a header is read is bounded by MAX_ACCEPT_LANGUAGE_LENGTH (next test); speed is the benchmark's concern.
    expect(matchAcceptLanguage(header, LANGUAGES, 'zh')).toBeUndefined()
  })

  it('reads only the first entries of an oversized header', () => {
    const filler = Array.from({ length: 400 }, () => 'xx;q=0.1').join(', ')
    expect(filler.length).toBeGreaterThan(MAX_ACCEPT_LANGUAGE_LENGTH)
    expect(matchAcceptLanguage(`ja;q=0.2, ${filler}`, zhEnJa, 'zh')).toBe('ja')
    expect(matchAcceptLanguage(`${filler}, ja`, zhEnJa, 'zh')).toBeUndefined()
  })
})
