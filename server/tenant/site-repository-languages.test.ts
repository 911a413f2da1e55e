import { describe, expect, it, vi } from 'vitest'
import { siteKey } from '../cache/cache-keys.ts'
import { sendEnvelope, type RecordedRequest } from '../upstream/stub-upstream.test-helper.ts'
import { byteCounts, context, siteConfig, TTL, useRepositoryHarness } from './site-repository.test-helper.ts'

const harness = useRepositoryHarness()

describe('getSite in a page language', () => {
  function answerInLanguage() {
    harness.stub.handle((request, res) => {
      const { page_language } = JSON.parse(request.body) as { page_language: string }
      sendEnvelope(res, {
        site_config: siteConfig('tenant.example', { base_info: { app_name: `name:${page_language}`, logo: '' } }),
        site_page_config: null,
      })
    })
  }
  const languageOf = (request: RecordedRequest) => (JSON.parse(request.body) as { page_language: string }).page_language

  it('sends page_language and caches per host and language', async () => {
    answerInLanguage()
    const { repo } = harness.repository()
    expect(await repo.getSite('tenant.example', context, 'de')).toMatchObject({
      site: { base_info: { app_name: 'name:de' } },
    })
    expect(await repo.getSite('tenant.example', context, 'de')).toMatchObject({
      site: { base_info: { app_name: 'name:de' } },
    })
    expect(await repo.getSite('tenant.example', context, 'fr')).toMatchObject({
      site: { base_info: { app_name: 'name:fr' } },
    })
    expect(await repo.getSite('tenant.example', context)).toMatchObject({ site: { base_info: { app_name: 'name:' } } })
    expect(await repo.getSite('other.example', context, 'de')).toMatchObject({ kind: 'found' })
    expect(harness.siteCalls().map(languageOf)).toEqual(['de', 'fr', '', 'de'])
    expect(harness.siteCalls().map((request) => request.headers['app-domain'])).toEqual([
      'tenant.example',
      'tenant.example',
      'tenant.example',
      'other.example',
    ])
  })

  it('makes one upstream call per host and language under concurrency', async () => {
    const held: (() => void)[] = []
    harness.stub.handle((request, res) => {
      const { page_language } = JSON.parse(request.body) as { page_language: string }
      held.push(() =>
        sendEnvelope(res, {
          site_config: siteConfig('tenant.example', { base_info: { app_name: page_language, logo: '' } }),
        }),
      )
    })
    const { repo } = harness.repository()
    const languages = ['en', 'de', 'en', '', 'de', 'en', '', 'ja'] as const
    const pending = Promise.all(
      languages.flatMap((language) => [
        repo.getSite('tenant.example', context, language),
        repo.getSite('tenant.example', context, language),
      ]),
    )
    // Every distinct key has reached the upstream before any answers: nothing could have been served from a stored entry.
    await vi.waitFor(() => expect(held).toHaveLength(4))
    for (const release of held) release()
    const results = await pending
    expect(results.map((result) => (result.kind === 'found' ? result.site.base_info.app_name : null))).toEqual(
      languages.flatMap((language) => [language, language]),
    )
    expect(harness.siteCalls().map(languageOf).sort()).toEqual(['', 'de', 'en', 'ja'])
  })

  /** The stub answers every language with a config named by `nameOf`. */
  function answerNames(nameOf: (language: string) => string) {
    harness.stub.handle((request, res) => {
      const name = nameOf(languageOf(request))
      sendEnvelope(res, {
        site_config: siteConfig('tenant.example', { base_info: { app_name: name, logo: '' } }),
        site_page_config: null,
      })
    })
  }
  /** The tenant's config in `language` (found). */
  async function siteIn(repo: ReturnType<typeof harness.repository>['repo'], language: '' | 'zh' | 'de' | 'en') {
    const result = await repo.getSite('tenant.example', context, language)
    if (result.kind !== 'found') throw new Error(`no config in '${language}'`)
    return result.site
  }

  it("takes a language's answer of the very bytes of the language-independent config as that config, one object and one tenant view", async () => {
    // The site's own language (zh) has no translated texts; German has.
    answerNames((language) => (language === 'de' ? 'Quelle' : '源'))
    const { repo } = harness.repository()
    const plain = await siteIn(repo, '')
    const zh = await siteIn(repo, 'zh')
    const de = await siteIn(repo, 'de')
    expect(zh).toBe(plain)
    expect(repo.tenantOf('tenant.example', zh)).toBe(repo.tenantOf('tenant.example', plain))
    expect(de).not.toBe(plain)
    expect(de.base_info.app_name).toBe('Quelle')
    // Each language is still asked for once.
    expect(harness.siteCalls().map(languageOf)).toEqual(['', 'zh', 'de'])
  })

  it('holds the language-independent answer for the first language loaded only: a second language of the same bytes is its own config', async () => {
    answerNames(() => '源')
    const { repo } = harness.repository()
    const plain = await siteIn(repo, '')
    const zh = await siteIn(repo, 'zh')
    const en = await siteIn(repo, 'en')
    expect(zh).toBe(plain)
    expect(en).not.toBe(plain)
    expect(en).toEqual(plain)
  })

  it('counts the text of a shared answer once: a language of the same bytes adds only its key to the byte bound', async () => {
    answerNames((language) => (language === 'de' ? 'Quelle' : '源'))
    const counts = byteCounts()
    const { repo } = harness.repository({ maxBytes: 1_000_000, metrics: counts.metrics })
    const siteBytes = () => counts.of('site')
    await siteIn(repo, '')
    const plainText = siteBytes() - siteKey('tenant.example', '').length
    await siteIn(repo, 'zh')
    expect(siteBytes()).toBe(siteKey('tenant.example', '').length + plainText + siteKey('tenant.example', 'zh').length)
    // German has texts of its own: counted in full ('Quelle' is five characters longer than '源').
    const before = siteBytes()
    await siteIn(repo, 'de')
    expect(siteBytes() - before).toBe(siteKey('tenant.example', 'de').length + plainText + 5)
  })

  it('refreshes a language that shared the language-independent config once its own answer changes', async () => {
    let translated = false
    answerNames((language) => (translated && language === 'zh' ? '新名' : '源'))
    const { repo } = harness.repository()
    await repo.getSite('tenant.example', context)
    const shared = await repo.getSite('tenant.example', context, 'zh')
    translated = true
    harness.clock.time += TTL + 1
    expect(await repo.getSite('tenant.example', context, 'zh')).toEqual(shared)
    await vi.waitFor(async () =>
      expect(await repo.getSite('tenant.example', context, 'zh')).toMatchObject({
        site: { base_info: { app_name: '新名' } },
      }),
    )
    expect(await repo.getSite('tenant.example', context)).toMatchObject({ site: { base_info: { app_name: '源' } } })
  })

  it('remembers an unknown site per language without retrying', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, null, 404, 'site not found'))
    const { repo } = harness.repository()
    expect(await repo.getSite('nobody.example', context, 'en')).toEqual({ kind: 'not-found' })
    expect(await repo.getSite('nobody.example', context, 'en')).toEqual({ kind: 'not-found' })
    expect(harness.siteCalls().map(languageOf)).toEqual(['en'])
  })
})
