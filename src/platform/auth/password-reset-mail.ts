import { html } from '../http/html.js';

/** WordPress's "Password Reset" e-mail: the site, the username, the link and how long it works; text and HTML. */
export function passwordResetMessage(input: { site: string; username: string; link: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const lines = [
    'Someone has requested a password reset for the following account:',
    `Site Name: ${input.site}`,
    `Username: ${input.username}`,
    'If this was a mistake, ignore this email and nothing will happen.',
    'To reset your password, visit the following address:',
  ];
  const after = 'The link works once, within 24 hours.';
  return {
    subject: `[${input.site}] Password Reset`,
    text: `${lines.join('\n\n')}\n\n${input.link}\n\n${after}\n`,
    html: String(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Password Reset</title></head>
<body style="font-family:sans-serif;line-height:1.5;color:#1e1e1e">
${lines.map((line) => html`<p>${line}</p>`)}
<p><a href="${input.link}">${input.link}</a></p>
<p>${after}</p>
</body></html>`),
  };
}
