import { describe, expect, it } from 'vitest'
import { parseEnvelope } from './post-api.ts'

describe('parseEnvelope', () => {
  it.each([
    [{ status: 0, info: 'ok', data: { a: 1 } }, { status: 0, info: 'ok', data: { a: 1 } }],
    [{ status: '911', info: 'no' }, { status: 911, info: 'no', data: null }],
    [{ status: 903, data: { err_msg: 'm' } }, { status: 903, info: '', data: { err_msg: 'm' } }],
    [{ status: 1.5 }, null],
    [{ status: 'x' }, null],
    [{ info: 'no status' }, null],
    [[0], null],
    ['<html>', null],
    [null, null],
  ])('%j → %j', (json, expected) => {
    expect(parseEnvelope(json)).toEqual(expected)
  })
})
