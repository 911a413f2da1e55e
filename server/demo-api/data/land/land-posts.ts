import type { PostCategory } from '../../../../shared/content-types.ts'
import type { PostDef } from '../posts.ts'

export const LAND_POST_CATEGORIES: PostCategory[] = [
  { id: 'updates', name: 'Product updates', description: 'What is new in Lumen Notes.' },
  { id: 'guides', name: 'Guides', description: 'Getting more out of your notes.' },
  { id: 'stories', name: 'Community stories', description: 'Written by people who use Lumen.' },
]

export const LAND_POSTS: PostDef[] = [
  {
    path: 'lumen-3',
    title: 'Lumen 3.0: publishing for everyone',
    category: 'updates',
    tags: ['release', 'publishing'],
    author: 'Lumen team',
    ageDays: 3,
    views: 5210,
    description: 'Publishing is now part of the Free plan, with custom domains on Plus.',
    content: `
## What is new

- **Publishing on Free**: publish up to three pages without paying.
- **Custom domains** on Plus and Team.
- A new **reading view** for published pages.

## Upgrading

Lumen updates itself. To check by hand, open *Settings → About* and press **Check for updates**.`,
  },
  {
    path: 'faster-search',
    title: 'Faster search on large vaults',
    category: 'updates',
    tags: ['performance'],
    author: 'Lumen team',
    ageDays: 12,
    views: 2130,
    description: 'A new index makes search up to ten times faster on vaults with 50,000 notes.',
    content: `
## The numbers

| Vault size | Before | After |
| --- | --- | --- |
| 5,000 notes | 120 ms | 18 ms |
| 50,000 notes | 1.4 s | 130 ms |

The index lives next to your vault in \`.lumen/index\` and rebuilds itself when needed.`,
  },
  {
    path: 'encrypted-sync',
    title: 'How our end-to-end encrypted sync works',
    category: 'updates',
    tags: ['security', 'sync'],
    author: 'Lumen team',
    ageDays: 30,
    views: 3980,
    description: 'Keys, recovery and what our servers can and cannot see.',
    content: `
## Keys stay on your devices

Each vault has its own key. Devices exchange it through a QR code, never through our servers.

## What we can see

1. That an encrypted blob changed.
2. Its size.

That is all. See the [privacy policy](/c/legal/privacy) for details.`,
  },
  {
    path: 'daily-notes',
    title: 'A simple daily-notes routine',
    category: 'guides',
    tags: ['workflow'],
    author: 'Maya R.',
    ageDays: 6,
    views: 1750,
    description: 'Five minutes in the morning, five in the evening, and a weekly review.',
    content: `
## Morning

- Three things that matter today.
- One thing you are avoiding.

## Evening

- What happened, in two lines.
- Link anything worth keeping to a topic note with \`⌘K\`.

## Weekly

Read the week's notes and move open tasks forward.`,
  },
  {
    path: 'import-from-markdown',
    title: 'Importing an existing Markdown folder',
    category: 'guides',
    tags: ['import'],
    author: 'Lumen team',
    ageDays: 20,
    views: 960,
    description: 'Point Lumen at a folder and keep working; nothing is converted.',
    content: `
## Steps

1. Choose **Open folder as vault**.
2. Select the folder.
3. Wait for the index to build.

\`\`\`text
~/notes
├── inbox.md
├── projects/
└── reading/
\`\`\``,
  },
  {
    path: 'thesis-with-lumen',
    title: 'How I wrote my thesis in Lumen',
    category: 'stories',
    tags: ['student', 'writing'],
    author: 'Lina S.',
    ageDays: 9,
    views: 1320,
    description: 'Literature notes, backlinks and one very long outline.',
    content: `
## Literature notes

One note per paper, with a short summary and the quotes I might use.

## The outline

My thesis was one outline note linking to about 300 literature notes. When I wrote a chapter, the backlinks showed every relevant paper.`,
  },
]
