import { SIGN_IN_CONTROL } from '../../shared/account/sign-in-control.ts'

/**
 * The attribute marking a control that does nothing without the app (sign-in, the WeChat copy
 * button, a promo's close button). Such a control gets no native fallback: its first activation
 * before hydration is kept and replayed instead (see FIRST_TAP_SCRIPT).
 */
export const NEEDS_APP_ATTRIBUTE = 'data-needs-app'

/**
 * The attribute of the tap keeper's own element listing, space-separated, the files the sign-in
 * dialog needs (tapSignInFiles). An attribute, not part of the script: the script's text, and so
 * its CSP hash, stays the same on every page.
 */
export const SIGN_IN_FILES_ATTRIBUTE = 'data-sign-in'

/**
 * An inline head script (a few hundred bytes) that keeps the first activation of a control marked
 * `data-needs-app` made before the page is hydrated: it stops the click, marks the control
 * `aria-busy="true"` (the stylesheet shows it working, not dead), and once the app marks
 * `<html data-hydrated="true">` (shared/components/root-layout.tsx, after React has attached the
 * page's handlers) clears the mark and clicks the control again, which the app now answers.
 * Keyboard activation of a button is a click too. Later activations before hydration are stopped
 * but not queued: one replay answers the visitor's intent, several could undo it (a second tap
 * on sign-in would close the dialog the first one opens).
 *
 * A kept tap on "Sign in" also preloads what the dialog needs (its element's SIGN_IN_FILES_ATTRIBUTE),
 * so those files arrive with the page's own scripts instead of one round trip after hydration: on
 * a slow link, one wave instead of two or three (docs/first-load.md).
 */
export const FIRST_TAP_SCRIPT =
  '(function(d){var h=d.documentElement,c,s=d.currentScript,' +
  'f=((s&&s.getAttribute("' +
  SIGN_IN_FILES_ATTRIBUTE +
  '"))||"").split(" ").filter(Boolean),' +
  'l=function(){f.forEach(function(u){var e=d.createElement("link");' +
  'if(/.css$/.test(u)){e.rel="preload";e.as="style"}else e.rel="modulepreload";e.href=u;if(s&&s.nonce)e.nonce=s.nonce;d.head.appendChild(e)});f=[]},' +
  'k=function(e){var t=e.target,b=t instanceof Element&&t.closest("[' +
  NEEDS_APP_ATTRIBUTE +
  ']");' +
  'if(!b||h.dataset.hydrated==="true")return;e.preventDefault();e.stopPropagation();if(c)return;c=b;b.setAttribute("aria-busy","true");' +
  'if(b.getAttribute("' +
  NEEDS_APP_ATTRIBUTE +
  '")==="' +
  SIGN_IN_CONTROL +
  '")l();' +
  'new MutationObserver(function(m,o){if(h.dataset.hydrated!=="true")return;o.disconnect();d.removeEventListener("click",k,true);' +
  'b.removeAttribute("aria-busy");if(b.isConnected)b.click()}).observe(h,{attributes:true,attributeFilter:["data-hydrated"]})};' +
  'd.addEventListener("click",k,true)})(document)'
