import { describe, expect, it } from 'vitest'
import { envelope, parseEnvelope } from './envelope.ts'

describe('parseEnvelope', () => {
  it.each([
    [
      { status: 0, info: 'ok', data: { a: 1 } },
      { status: 0, info: 'ok', data: { a: 1 } },
    ],
    [
      { status: '911', info: 'no' },
      { status: 911, info: 'no', data: null },
    ],
    [{ status: ' -3 ' }, { status: -3, info: '', data: null }],
    [
      { status: 903, data: { err_msg: 'm' } },
      { status: 903, info: '', data: { err_msg: 'm' } },
    ],
    [
      { status: 0, info: 7, data: [1] },
      { status: 0, info: '', data: [1] },
    ],
    [{ status: 1.5 }, null],
    [{ status: 'x' }, null],
    [{ status: '' }, null],
    [{ status: null }, null],
    [{ info: 'no status' }, null],
    [[0], null],
    ['<html>', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (json, expected) => {
    expect(parseEnvelope(json)).toEqual(expected)
  })
})

describe('envelope', () => {
  it.each([
    [404, 'No such API call', undefined, { status: 404, info: 'No such API call', data: null }],
    [0, 'success', { id: 1 }, { status: 0, info: 'success', data: { id: 1 } }],
    [903, 'refused', { err_msg: 'm' }, { status: 903, info: 'refused', data: { err_msg: 'm' } }],
  ])('(%j, %j, %j) → %j, which parses back as itself', (status, info, data, expected) => {
    const built = envelope(status, info, data)
    expect(built).toEqual(expected)
    expect(parseEnvelope(JSON.parse(JSON.stringify(built)))).toEqual(expected)
  })
})
