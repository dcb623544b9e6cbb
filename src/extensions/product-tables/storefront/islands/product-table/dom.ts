/** The first element under `root` matching `selector` (typed by the caller), or null. */
export function q<T extends Element = HTMLElement>(root: ParentNode, selector: string): T | null {
  return root.querySelector<T>(selector);
}

/** Every element under `root` matching `selector`. */
export function qa<T extends Element = HTMLInputElement>(root: ParentNode, selector: string): NodeListOf<T> {
  return root.querySelectorAll<T>(selector);
}

/** JSON from an attribute, or `fallback` when it does not parse. */
export function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return JSON.parse(String(text)) as T;
  } catch {
    return fallback;
  }
}

/** `12.5` with 2 decimals → 1250. */
export function toMinor(decimal: string | null, decimals: number): number {
  const parts = String(decimal || '0').split('.');
  const fraction = (parts[1] || '').slice(0, decimals).padEnd(decimals, '0');
  return parseInt(parts[0] || '0', 10) * 10 ** decimals + (decimals ? parseInt(fraction, 10) : 0);
}

/** 1250 with 2 decimals → `12.50`. */
export function fromMinor(minor: number, decimals: number): string {
  if (!decimals) return String(minor);
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

type Store = 'localStorage' | 'sessionStorage';

/** A stored value, or null (also when storage is unavailable). */
export function storageGet(store: Store, key: string): string | null {
  try {
    return window[store].getItem(key);
  } catch {
    return null;
  }
}

/** Stores a value (null removes it); does nothing when storage is unavailable (private mode). */
export function storageSet(store: Store, key: string, value: string | null): void {
  try {
    if (value === null) window[store].removeItem(key);
    else window[store].setItem(key, value);
  } catch {
    // private mode
  }
}

const QUANTITY_BUTTONS = [
  ['producttables-qty-down', 'Decrease quantity', '\u25bc', 'afterbegin'],
  ['producttables-qty-up', 'Increase quantity', '\u25b2', 'beforeend'],
] as const;

/** Adds the ▲/▼ buttons of quantity fields (here, so the server's rows stay small). */
export function decorateQuantities(root: ParentNode): void {
  for (const span of qa<HTMLElement>(root, '.producttables-qty')) {
    if (q(span, 'button')) continue;
    const input = q<HTMLInputElement>(span, '.producttables-qty-input')!;
    for (const [className, label, text, position] of QUANTITY_BUTTONS) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = className;
      button.setAttribute('aria-label', label);
      button.textContent = text;
      button.disabled = input.disabled;
      span.insertAdjacentElement(position, button);
    }
  }
}
