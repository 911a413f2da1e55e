import http from 'node:http'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'

/** A 60-card results page in plain React elements: the "bare renderToString" reference. */
export function cardsPage(count = 60) {
  const cards = Array.from({ length: count }, (_, i) =>
    h('article', { key: i, className: 'resource-card' },
      h('a', { href: `/d/resource-${i}`, className: 'resource-card-image' }, h('img', { src: `/img/${i}.webp`, alt: '', width: 320, height: 180, loading: 'lazy' })),
      h('div', { className: 'resource-card-body' },
        h('h3', null, h('a', { href: `/d/resource-${i}` }, `Resource number ${i} with a realistic title`)),
        h('p', null, 'A description of the resource long enough to wrap over two lines in a card of the grid.'),
        h('ul', { className: 'tags' }, ['linux', 'docs', 'video'].map((tag) => h('li', { key: tag }, h('a', { href: `/res_tags/${tag}` }, tag)))),
        h('time', { dateTime: '2026-01-01' }, '1 Jan 2026'))))
  return h('div', { id: 'root' },
    h('header', null, h('nav', null, ['Home', 'Hot', 'New', 'Tags', 'Articles'].map((item) => h('a', { key: item, href: '/' }, item)))),
    h('main', null, h('h1', null, 'Results for “linux”'), h('div', { className: 'grid' }, cards)),
    h('footer', null, h('p', null, '© Demo')))
}

/** Starts a server on 127.0.0.1; resolves with its origin and a close function. */
export function serveOn(handler) {
  return new Promise((resolve) => {
    const server = http.createServer(handler)
    server.keepAliveTimeout = 10_000
    server.listen(0, '127.0.0.1', () => {
      resolve({ origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((done) => { server.closeAllConnections(); server.close(done) }) })
    })
  })
}

export function renderToStringServer() {
  return serveOn((request, response) => {
    const html = `<!DOCTYPE html><html><head><title>x</title></head><body>${renderToString(cardsPage())}</body></html>`
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) })
    response.end(html)
  })
}

export function rawStringServer() {
  const html = `<!DOCTYPE html><html><head><title>x</title></head><body>${renderToString(cardsPage())}</body></html>`
  return serveOn((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) })
    response.end(html)
  })
}
