import type { JsonLd } from '../data/page-head.ts'
import { dateOfSeconds } from '../rules/upstream-time.ts'

/**
 * schema.org entities for JSON-LD (docs/STANDARDS.md).
 * Each builder answers null when it has nothing worth saying, so callers can pass the result on.
 */

/** The site, with a sitelinks search box: `searchUrl` holds `{search_term_string}` where the query goes. */
export function websiteLd(input: { name: string; url: string; searchUrl: string }): JsonLd {
  return {
    '@type': 'WebSite',
    name: input.name,
    url: input.url,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: input.searchUrl },
      'query-input': 'required name=search_term_string',
    },
  }
}

export interface Crumb {
  name: string
  url: string
}

/** The trail from the home page to this page (at least two named steps). */
export function breadcrumbLd(crumbs: readonly Crumb[]): JsonLd | null {
  const named = crumbs.filter((crumb) => crumb.name.trim() !== '')
  if (named.length < 2) return null
  return {
    '@type': 'BreadcrumbList',
    itemListElement: named.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name.trim(),
      item: crumb.url,
    })),
  }
}

export interface ArticleLdInput {
  headline: string
  description: string
  url: string
  image?: string | null
  published: string
  modified: string
  author: string
  publisher: { name: string; logo?: string | null }
}

/** A post (Article rich result): headline at most 110 characters, as search engines show. */
export function articleLd(input: ArticleLdInput): JsonLd {
  return {
    '@type': 'Article',
    headline: Array.from(input.headline).slice(0, 110).join(''),
    description: input.description,
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    url: input.url,
    ...(input.image ? { image: [input.image] } : {}),
    datePublished: input.published,
    dateModified: input.modified,
    ...(input.author.trim() ? { author: { '@type': 'Person', name: input.author.trim() } } : {}),
    publisher: {
      '@type': 'Organization',
      name: input.publisher.name,
      ...(input.publisher.logo ? { logo: { '@type': 'ImageObject', url: input.publisher.logo } } : {}),
    },
  }
}

/** Questions and answers of a FAQ section (plain text). */
export function faqLd(items: readonly { question: string; answer: string }[]): JsonLd | null {
  const answered = items.filter((item) => item.question.trim() !== '' && item.answer.trim() !== '')
  if (answered.length === 0) return null
  return {
    '@type': 'FAQPage',
    mainEntity: answered.map((item) => ({
      '@type': 'Question',
      name: item.question.trim(),
      acceptedAnswer: { '@type': 'Answer', text: item.answer.trim() },
    })),
  }
}

/** A ranked or listed set of things; entries without an address are named only. */
export function itemListLd(items: readonly { name: string; url?: string | null }[]): JsonLd | null {
  const named = items.filter((item) => item.name.trim() !== '')
  if (named.length === 0) return null
  return {
    '@type': 'ItemList',
    numberOfItems: named.length,
    itemListElement: named.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name.trim(),
      ...(item.url ? { url: item.url } : {}),
    })),
  }
}

/** Seconds since the epoch (the unit of every upstream time: docs/decisions/0018-upstream-times.md) as ISO 8601, or null when it is no usable time. */
export function isoTime(seconds: number): string | null {
  return dateOfSeconds(seconds)?.toISOString() ?? null
}
