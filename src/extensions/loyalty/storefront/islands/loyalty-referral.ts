// My account → Points: the referral link's Copy button (hidden without scripts, where the link can be selected in
// its read-only field) copies the link and says so.

export {}; // a module: its names stay its own

for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy-from]')) {
  const field = document.getElementById(button.dataset.copyFrom ?? '');
  const status = button.parentElement?.querySelector<HTMLElement>('[data-copy-status]') ?? null;
  if (!(field instanceof HTMLInputElement)) continue;
  button.hidden = false;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      if (status) status.textContent = 'Link copied.';
    } catch {
      // No clipboard access (an insecure origin, or refused): select the link so it can be copied by hand.
      field.focus();
      field.select();
      if (status) status.textContent = 'Press Ctrl+C (⌘C on a Mac) to copy the selected link.';
    }
  });
}
