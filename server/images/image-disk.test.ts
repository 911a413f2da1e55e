import { mkdtemp, readdir, rm, unlink, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createImageDisk } from './image-disk.ts'

const BLOCK = 4096
/** A file name as the image cache makes them: 64 hexadecimal characters. */
const nameOf = (n: number) => n.toString(16).padStart(64, '0')
const sorted = async (dir: string) => (await readdir(dir)).sort()

describe('image disk', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'image-disk-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('keeps the folder within its bound, removing the least recently used file', async () => {
    const disk = createImageDisk({ dir, maxBytes: 3 * BLOCK })
    await disk.write(nameOf(1), Buffer.alloc(100))
    await disk.write(nameOf(2), Buffer.alloc(100))
    await disk.write(nameOf(3), Buffer.alloc(100))
    expect(await disk.read(nameOf(1))).toBeDefined()
    await disk.write(nameOf(4), Buffer.alloc(100))
    await disk.settled()
    expect(await sorted(dir)).toEqual([nameOf(1), nameOf(3), nameOf(4)])
  })

  it('counts whole 4 KiB blocks, and writes nothing larger than the bound', async () => {
    const disk = createImageDisk({ dir, maxBytes: 2 * BLOCK })
    await disk.write(nameOf(1), Buffer.alloc(BLOCK + 1))
    await disk.write(nameOf(2), Buffer.alloc(1))
    await disk.write(nameOf(3), Buffer.alloc(2 * BLOCK + 1))
    await disk.settled()
    expect(await sorted(dir)).toEqual([nameOf(2)])
  })

  it('learns the files there at start, most recently modified last, and prunes them to the bound', async () => {
    for (let n = 1; n <= 10; n += 1) {
      await writeFile(path.join(dir, nameOf(n)), Buffer.alloc(100))
      // File n was last used n seconds after the epoch; 7 before 3 on purpose.
      const time = new Date((n === 7 ? 0.5 : n) * 1000)
      await utimes(path.join(dir, nameOf(n)), time, time)
    }
    const disk = createImageDisk({ dir, maxBytes: 4 * BLOCK })
    await disk.settled()
    expect(await sorted(dir)).toEqual([nameOf(6), nameOf(8), nameOf(9), nameOf(10)])
    // Found files keep their order of use: a write now removes the oldest of them.
    await disk.write(nameOf(11), Buffer.alloc(100))
    await disk.settled()
    expect(await sorted(dir)).toEqual([nameOf(8), nameOf(9), nameOf(10), nameOf(11)])
  })

  it('reads a folder far past its bound in bounded steps, keeping the newest', async () => {
    for (let n = 1; n <= 25; n += 1) {
      await writeFile(path.join(dir, nameOf(n)), Buffer.alloc(10))
      const time = new Date(n * 1000)
      await utimes(path.join(dir, nameOf(n)), time, time)
    }
    const disk = createImageDisk({ dir, maxBytes: 3 * BLOCK })
    await disk.settled()
    expect(await sorted(dir)).toEqual([nameOf(23), nameOf(24), nameOf(25)])
  })

  it('removes temporary files abandoned over ten minutes ago and leaves other files alone', async () => {
    const now = 100 * 60 * 1000
    const abandoned = `${nameOf(1)}.1.x.tmp`
    const writing = `${nameOf(2)}.2.y.tmp`
    await writeFile(path.join(dir, abandoned), 'old')
    await utimes(path.join(dir, abandoned), new Date(now - 11 * 60 * 1000), new Date(now - 11 * 60 * 1000))
    await writeFile(path.join(dir, writing), 'new')
    await utimes(path.join(dir, writing), new Date(now - 60 * 1000), new Date(now - 60 * 1000))
    await writeFile(path.join(dir, 'README'), 'not ours')
    const disk = createImageDisk({ dir, maxBytes: BLOCK, now: () => now })
    await disk.settled()
    expect(await sorted(dir)).toEqual([writing, 'README'].sort())
  })

  it('answers a file removed under it (by another instance) as a miss, and forgets it', async () => {
    const errors: unknown[] = []
    const disk = createImageDisk({ dir, maxBytes: 2 * BLOCK, onError: (error) => errors.push(error) })
    await disk.write(nameOf(1), Buffer.from('one'))
    await unlink(path.join(dir, nameOf(1)))
    expect(await disk.read(nameOf(1))).toBeUndefined()
    // Forgotten: two more files fit without removing anything.
    await disk.write(nameOf(2), Buffer.from('two'))
    await disk.write(nameOf(3), Buffer.from('three'))
    await disk.settled()
    expect(await sorted(dir)).toEqual([nameOf(2), nameOf(3)])
    expect(errors).toEqual([])
  })

  it("counts another instance's file once it reads it", async () => {
    const disk = createImageDisk({ dir, maxBytes: 2 * BLOCK })
    await disk.settled()
    await disk.write(nameOf(1), Buffer.from('mine'))
    await writeFile(path.join(dir, nameOf(2)), 'theirs')
    expect((await disk.read(nameOf(2)))?.toString()).toBe('theirs')
    await disk.write(nameOf(3), Buffer.from('mine too'))
    await disk.settled()
    expect(await sorted(dir)).toEqual([nameOf(2), nameOf(3)])
  })
})
