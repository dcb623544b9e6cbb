// The checkout's cart-recovery consent: while the box is ticked, the e-mail and cart are captured (on a change of
// the e-mail or of the box; a prefilled e-mail once at load, unless the page came from a restore link); unticking
// withdraws the capture. The capture's id and ownership token stay in this tab's sessionStorage.

export {}; // a module: its names stay its own

interface Capture {
  session_id: string;
  capture_token: string;
}

const CAPTURE_URL = '/wp-json/cartrecovery/v1/capture';
const STORAGE_KEY = 'cartrecovery.capture';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const root = document.querySelector<HTMLElement>('[data-cartrecovery-consent]');
const box = root?.querySelector<HTMLInputElement>('input[type="checkbox"]');
const email = document.querySelector<HTMLInputElement>('#billing_email');

if (root && box && email) {
  const nonce = root.dataset.nonce;
  const cart: unknown = JSON.parse(root.dataset.cart ?? '[]');
  let sentFor = ''; // the e-mail the current capture holds ('' when none was sent from this page)
  let queue: Promise<void> = Promise.resolve();

  const send = async (body: Record<string, unknown>): Promise<Response> =>
    fetch(CAPTURE_URL, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', ...(nonce ? { 'X-WP-Nonce': nonce } : {}) },
      body: JSON.stringify({ cart, source: 'classic', ...body }),
    });

  const sync = async (): Promise<void> => {
    const stored = load();
    if (box.checked) {
      const address = email.value.trim();
      if (!EMAIL.test(address) || address === sentFor) return;
      const response = await send({ email: address, consent: true, ...(stored ?? {}) });
      if (response.status === 201) {
        const created = (await response.json()) as Capture;
        save({ session_id: created.session_id, capture_token: created.capture_token });
      } else if (response.status === 403) {
        save(null); // the stored proof is stale: the next change starts a new capture
        return;
      }
      if (response.ok) sentFor = address;
    } else if (stored) {
      const response = await send({ consent: false, ...stored });
      // Withdrawn, or nothing left to withdraw (closed, unknown, or not ours): forget it either way.
      if (response.ok || (response.status >= 400 && response.status < 500)) save(null);
      sentFor = '';
    }
  };
  // One request at a time, in the order of the shopper's changes.
  const schedule = () => {
    queue = queue.then(sync).catch(() => undefined);
  };

  box.addEventListener('change', () => {
    if (!box.checked) sentFor = '';
    schedule();
  });
  email.addEventListener('change', schedule);
  if (box.checked && !root.hasAttribute('data-restored') && EMAIL.test(email.value.trim())) schedule();
}

function load(): Capture | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Capture | null;
    return parsed && typeof parsed.session_id === 'string' && typeof parsed.capture_token === 'string'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

function save(capture: Capture | null): void {
  try {
    if (capture) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(capture));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): each change then starts a new capture.
  }
}
