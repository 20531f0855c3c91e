import { SITE_SETTINGS_ELEMENT_ID } from '@mako/contract';

/**
 * The site settings the server wrote into the page (apps/api's http/web.ts), parsed; undefined
 * when the page has none (the Vite dev server's) or they do not parse, and the settings are fetched.
 */
export function siteSettingsOfPage(document: Document): unknown {
  const text = document.getElementById(SITE_SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
