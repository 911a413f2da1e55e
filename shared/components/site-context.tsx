import { createContext, useContext } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { RootData } from '../data/page-head.ts'

/** The root route's data: public site config and page language. */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined
  if (data === undefined) throw new Error('useRootData needs the root route data')
  return data
}

/** Router path → the address the site shows (language prefix, path mapping, segment forms). */
export const SiteAddressContext = createContext<(to: string) => string>((to) => to)

export function useSiteHref(): (to: string) => string {
  return useContext(SiteAddressContext)
}

/**
 * Starts loading a page's data ahead of a click (SPEC §1: payloads are prefetched on hover).
 * The browser supplies the real one; on the server it does nothing.
 */
export const PrefetchContext = createContext<(to: string) => void>(() => {})

export function usePrefetch(): (to: string) => void {
  return useContext(PrefetchContext)
}

/**
 * Client-side navigation to a router path, provided once by the site frame so that links need no
 * router hooks of their own (a page can hold hundreds of links; see SiteLink).
 */
export const SiteNavigateContext = createContext<(to: string) => void>(() => {})

export function useSiteNavigate(): (to: string) => void {
  return useContext(SiteNavigateContext)
}
