import type { Plugin } from 'vite';

/** The stylesheet of the entry chunk, named after it (index.html's main.tsx → index). */
const ENTRY_STYLESHEET = /^assets\/index-[\w-]+\.css$/;

/**
 * The entry's stylesheet (the @font-face rules and a few global ones, under 1 kB compressed) goes
 * into index.html as a <style>: one request less before the first paint, whose headers alone
 * (about 1 kB) outweighed the file. The CSP allows inline styles, which styled-components needs.
 * The file stays in the build: lazy chunks that import the entry (the charts) list it among the
 * files they load, and fetch it once more on the pages that show them; the rules repeat harmlessly.
 */
export function inlineEntryStylesheet(): Plugin {
  return {
    name: 'mako:inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[\w-]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (!ENTRY_STYLESHEET.test(file) || asset?.type !== 'asset') return tag;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}
