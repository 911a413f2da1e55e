import type { Lang } from '../../../../shared/types.ts'
import type { DemoSiteTranslation } from '../../tenant.ts'

const MENU_URLS = [
  '/#features',
  '/#pricing',
  '/doc/handbook',
  '/post',
  '/l/campaign/spring-sale',
  '/c/legal/privacy',
  '/c/legal/terms',
] as const

function menu(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(MENU_URLS.map((url, i) => [url, names[i] ?? url]))
}

/** The landing site in its five other enabled languages (menu, tagline, announcement). */
export const LAND_TRANSLATIONS: Partial<Record<Lang, DemoSiteTranslation>> = {
  zh: {
    description: '离线优先、端到端加密同步、一键发布的安静笔记应用。',
    announcement: '春季特惠：使用优惠码 SPRING25，Plus 首年 75 折。',
    menu: menu(['功能', '价格', '使用手册', '博客', '春季特惠', '隐私政策', '服务条款']),
  },
  fr: {
    description: 'Des notes calmes, hors ligne d’abord, synchronisées avec chiffrement de bout en bout.',
    announcement: 'Soldes de printemps : −25 % sur Plus avec le code SPRING25.',
    menu: menu(['Fonctionnalités', 'Tarifs', 'Guide', 'Blog', 'Soldes', 'Confidentialité', 'Conditions']),
  },
  de: {
    description: 'Ruhige Notizen, offline zuerst, Ende-zu-Ende-verschlüsselt synchronisiert.',
    announcement: 'Frühlingsangebot: 25 % Rabatt auf Plus mit dem Code SPRING25.',
    menu: menu(['Funktionen', 'Preise', 'Handbuch', 'Blog', 'Frühlingsangebot', 'Datenschutz', 'AGB']),
  },
  ja: {
    description: 'オフライン優先、エンドツーエンド暗号化同期、ワンクリック公開の静かなノートアプリ。',
    announcement: '春のセール：コード SPRING25 で Plus 初年度 25% オフ。',
    menu: menu(['機能', '料金', 'ハンドブック', 'ブログ', '春のセール', 'プライバシー', '利用規約']),
  },
  ar: {
    description: 'ملاحظات هادئة تعمل دون اتصال أولاً، مع مزامنة مشفرة من طرف إلى طرف.',
    announcement: 'تخفيضات الربيع: خصم 25٪ على Plus باستخدام الرمز SPRING25.',
    menu: menu(['الميزات', 'الأسعار', 'الدليل', 'المدونة', 'تخفيضات الربيع', 'الخصوصية', 'الشروط']),
  },
}
