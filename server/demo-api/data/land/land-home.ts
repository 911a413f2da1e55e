import type { LandModule, LandPageConfig } from '../../../../shared/content-types.ts'
import { conversation, offer } from './land-home-offer.ts'
import { mod } from './land-module.ts'
import { demoClip, icon, qrPlaceholder, screenshot } from '../media.ts'

// Two short clips served by the demo API itself, so the videos play offline; each has its first frame as poster.
const CLIP = demoClip(0)
const CLIP_2 = demoClip(1)

/** The home page of the demo landing site, in the order a product page tells its story. */
export function landHomeConfig(now: number): LandPageConfig {
  return {
    theme: 1,
    banner_style: 0,
    modules: [...introduction(), ...features(), ...offer(now), ...conversation()],
  }
}

/** What the product is, why people choose it, and a tour. */
function introduction(): LandModule[] {
  return [
    mod('m01', 'product_overview', {
      title: 'Notes that stay out of your way',
      description:
        'Lumen Notes keeps everything on your device, syncs it end-to-end encrypted and publishes any page with one click.',
      align: 1,
      resource: { type: 1, url: screenshot('Lumen Notes') },
      buttons: [
        { text: 'Download free', url: '#pricing', type: 0, style: 1 },
        { text: 'Get the mobile app', url: '', type: 1, style: 2, popup_img: qrPlaceholder('lumen-app') },
      ],
    }),
    mod('m02', 'title', {
      title: 'Why people switch to Lumen',
      subtitle: 'Fast on a ten-year-old laptop, private by default.',
      align: 2,
    }),
    mod('m03', 'superiority', {
      items: [
        {
          title: 'Offline first',
          description: 'Write on a plane. Sync resumes when you land.',
          icon: icon('⚡', '#ca8a04'),
        },
        {
          title: 'End-to-end encrypted',
          description: 'Only your devices hold the keys.',
          icon: icon('🔒', '#16a34a'),
        },
        {
          title: 'Plain Markdown',
          description: 'Your notes are files you can open anywhere.',
          icon: icon('MD', '#4f46e5'),
        },
        {
          title: 'One-click publish',
          description: 'Share a page as a website, take it down just as fast.',
          icon: icon('↗', '#db2777'),
        },
      ],
    }),
    mod('m04', 'product_image_overview', {
      title: 'A tour in ninety seconds',
      description: 'See capture, linking and publishing in one short video.',
      align: 3,
      resource: { type: 2, url: CLIP.video_url },
      buttons: [
        { text: 'Open the tour', url: '', type: 2, style: 1, popup_img: screenshot('Tour') },
        { text: 'Bookmark this page', url: '', type: 3, style: 2 },
      ],
    }),
    mod('m05', 'carousel', {
      items: [
        { image: screenshot('Daily notes'), title: 'Daily notes', url: '/doc_handbook' },
        { image: screenshot('Backlinks'), title: 'Backlinks' },
        { image: screenshot('Publish'), title: 'Publish', url: '/post' },
        { image: screenshot('Dark mode'), title: 'Dark mode' },
      ],
    }),
    mod('m06', 'video_introduce', {
      title: 'Built for deep work',
      description: 'No badges, no streaks, no feed. Lumen opens to a blank page and gets out of the way.',
      ...CLIP_2,
    }),
  ]
}

/** How to start, what it does and where it runs, shown in pictures and videos. */
function features(): LandModule[] {
  return [
    mod(
      'm07',
      'step',
      {
        items: [
          {
            title: 'Install',
            description: 'Download for macOS, Windows, Linux, iOS or Android.',
            image: screenshot('Install'),
          },
          {
            title: 'Import',
            description: 'Bring notes from Markdown folders, Evernote or Notion exports.',
            image: screenshot('Import'),
          },
          {
            title: 'Write',
            description: 'Press ⌘N and start typing. Everything saves as you go.',
            image: screenshot('Write'),
          },
        ],
      },
      { title: 'Start in three steps' },
    ),
    mod(
      'm08',
      'superiority_image',
      {
        items: [
          { title: 'Graph view', description: 'See how ideas connect.', image: screenshot('Graph view') },
          {
            title: 'Templates',
            description: 'Meeting notes, journals, reading logs.',
            image: screenshot('Templates'),
          },
          {
            title: 'Search everything',
            description: 'Full-text search across every note, offline.',
            image: screenshot('Search'),
          },
        ],
      },
      { title: 'Features you will actually use' },
    ),
    mod(
      'm09',
      'image_list',
      {
        items: ['macOS', 'Windows', 'Linux', 'iOS', 'Android', 'Web'].map((name) => ({
          image: icon(name.slice(0, 2), undefined, 128),
          title: name,
          url: '#pricing',
        })),
      },
      { title: 'Works everywhere you do' },
    ),
    mod('m10', 'video', { ...CLIP, title: 'Keyboard-first editing' }),
    mod(
      'm11',
      'video_carousel',
      {
        items: [
          { ...CLIP, title: 'Quick capture' },
          { ...CLIP_2, title: 'Linking notes' },
          { ...CLIP, title: 'Publishing a page' },
        ],
      },
      { title: 'Short videos' },
    ),
  ]
}
