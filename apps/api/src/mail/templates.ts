import type { OutgoingMail } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function linkMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
  ttlMinutes: number,
  app: string,
): OutgoingMail {
  const validity = `The link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, ignore this message.`;
  return {
    to,
    subject,
    link,
    text: `${intro}\n\n${action}: ${link}\n\n${validity}\n\n— ${app}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
      `<p style="color:#64748b">${escapeHtml(validity)}</p><p>— ${escapeHtml(app)}</p>`,
  };
}

export const magicLinkMail = (to: string, link: string, ttlMinutes: number, app: string) =>
  linkMail(
    to,
    `Your ${app} login link`,
    `Someone (hopefully you) asked to log in to ${app}.`,
    'Log in',
    link,
    ttlMinutes,
    app,
  );

export const verificationMail = (to: string, link: string, ttlMinutes: number, app: string) =>
  linkMail(
    to,
    `Confirm your e-mail for ${app}`,
    `Confirm this address to finish signing up for ${app}.`,
    'Confirm my e-mail',
    link,
    ttlMinutes,
    app,
  );
