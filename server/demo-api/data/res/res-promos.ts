import type { Promo } from '../../../../shared/content-types.ts'
import { picture } from '../media.ts'
import { DAY } from '../common.ts'

export function resPromos(now: number): Record<string, Promo> {
  const base = { allowed_close: 1 as const, is_show: 1 as const, start_ts: now - 2 * DAY, end_ts: now + 60 * DAY }
  // Ineligible promos come first, so the front end has to skip them to find the one to show (SPEC §4).
  return {
    '101': {
      ...base,
      title: '双十一网盘会员特惠',
      description: '活动已结束',
      url: '/post-save-to-drive',
      img_url: picture('会员特惠'),
      type: 2,
      position: 2,
      web_path: 'global',
      start_ts: now - 40 * DAY,
      end_ts: now - DAY,
    },
    '102': {
      ...base,
      title: '内测功能招募',
      description: '暂未开放',
      url: '/feedback',
      img_url: picture('内测招募'),
      type: 2,
      position: 2,
      web_path: 'global',
      is_show: 0,
    },
    '103': {
      ...base,
      title: '新上线：开放数据分类',
      description: '行政区划、唐诗宋词、中文语料……11 份数据集免费取用。',
      url: '/res/new/dataset',
      img_url: picture('开放数据'),
      type: 2,
      position: 2,
      web_path: 'global',
    },
    '104': {
      ...base,
      title: '字体专题',
      url: '/post-free-fonts',
      img_url: picture('可商用字体清单', 'tall'),
      type: 1,
      position: 2,
      web_path: '/s',
    },
    '105': {
      ...base,
      title: '投稿赢周边',
      description: '登录后投稿资源推荐文章，每月评选三篇优秀文章。',
      url: '/post',
      img_url: picture('投稿赢周边', 'banner'),
      type: 3,
      position: 5,
      web_path: '/post',
      allowed_close: 0,
    },
  }
}
