import { html } from '../http/html.js';

/** WordPress's "Confirm Action: Erase Personal Data" e-mail: what was asked, the link, how long it works. */
export function erasureConfirmationMessage(input: { site: string; link: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const lines = [
    'A request has been made to perform the following action on your account:',
    'Erase Personal Data',
    'To confirm this, please click on the following link:',
  ];
  const after = 'You can safely ignore and delete this email if you do not want to take this action.';
  return {
    subject: `[${input.site}] Confirm Action: Erase Personal Data`,
    text: `${lines.join('\n\n')}\n\n${input.link}\n\n${after}\n`,
    html: String(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Confirm Action</title></head>
<body style="font-family:sans-serif;line-height:1.5;color:#1e1e1e">
${lines.map((line) => html`<p>${line}</p>`)}
<p><a href="${input.link}">${input.link}</a></p>
<p>${after}</p>
</body></html>`),
  };
}
