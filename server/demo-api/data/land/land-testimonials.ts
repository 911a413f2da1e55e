import { avatarFor } from '../media.ts'

/** What the landing page's comment module quotes. */
export const LAND_TESTIMONIALS = [
  {
    avatar: avatarFor('Maya'),
    name: 'Maya R., researcher',
    content: 'The first notes app I have stuck with for more than a month.',
    rating: 5,
  },
  {
    avatar: avatarFor('Tom'),
    name: 'Tom K., engineer',
    content: 'Plain Markdown files and real offline mode. That is all I wanted.',
    rating: 5,
  },
  {
    avatar: avatarFor('Lina'),
    name: 'Lina S., student',
    content: 'Daily notes plus backlinks changed how I revise for exams.',
    rating: 4,
  },
  {
    avatar: avatarFor('Hiro'),
    name: 'Hiro T., designer',
    content: 'Publishing my portfolio straight from my notes is delightful.',
    rating: 5,
  },
  {
    avatar: avatarFor('Omar'),
    name: 'Omar A., writer',
    content: 'Quiet, fast and it never loses a word.',
    rating: 4,
  },
]
