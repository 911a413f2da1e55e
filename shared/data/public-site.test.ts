import { describe, expect, it } from 'vitest'
import { fakeSite } from '../../test/fake-loader-env.ts'
import type { HeaderConfig, MenuItem, PendantConfig } from '../types.ts'
import { toBrowserSite, toPublicHeader, toPublicPendant, toPublicSite } from './public-site.ts'

const header = (menu: MenuItem[]): HeaderConfig => ({
  is_enable: 1,
  enable_custom_header: 0,
  login_config: { login_ways: [] },
  logo_config: { logo: '', text: 'Res' },
  google_config: { client_id: '' },
  menu,
})

describe('toPublicHeader menus', () => {
  it.each<[string, MenuItem[], unknown]>([
    [
      'a visible entry keeps its link, without the flag',
      [{ name: 'Home', url: '/', is_show: 1 }],
      [{ name: 'Home', url: '/' }],
    ],
    ['a hidden entry is dropped', [{ name: 'Old', url: '/old', is_show: 0 }], []],
    [
      'children: the visible ones, without flags',
      [
        {
          name: 'Docs',
          url: '/doc',
          icon: 'book',
          is_show: 1,
          children: [
            { name: 'Guide', url: '/doc_guide', is_show: 1 },
            { name: 'Draft', url: '/draft', is_show: 0 },
          ],
        },
      ],
      [{ name: 'Docs', url: '/doc', icon: 'book', children: [{ name: 'Guide', url: '/doc_guide' }] }],
    ],
  ])('%s', (_name, menu, expected) => {
    expect(toPublicHeader(header(menu)).menu).toEqual(expected)
  })
})

describe('toPublicPendant', () => {
  it('keeps the visible entries, without the flag', () => {
    const pendant: PendantConfig = {
      is_enable: 1,
      enable_custom_pendant: 0,
      list: [
        { is_show: 1, icon: 'qq', text: 'QQ', img: 'https://img.example/qq.png' },
        { is_show: 0, icon: 'tel', text: 'Call' },
      ],
    }
    expect(toPublicPendant(pendant)).toEqual({
      enabled: true,
      list: [{ icon: 'qq', text: 'QQ', img: 'https://img.example/qq.png' }],
    })
  })
})

describe('toBrowserSite', () => {
  it('leaves out what only the server reads (logo, description, favicon) and keeps the rest', () => {
    const routing = { languages: ['zh' as const], defaultLanguage: 'zh' as const, searchRoute: 's', pathMapping: [] }
    const site = toPublicSite(fakeSite(), routing, { imageOptimizer: true })
    const { logo: _logo, description: _description, favicon: _favicon, ...rest } = site
    expect(toBrowserSite(site)).toEqual(rest)
    expect(Object.keys(toBrowserSite(site))).not.toEqual(expect.arrayContaining(['logo']))
  })
})
