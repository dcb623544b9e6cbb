// Checkout addresses with JavaScript: the state field follows the chosen country at once (a list where the country
// has states, a text field where it does not) instead of the "Update country" round trip, and the shipping fields
// stay hidden until "Ship to a different address?" is ticked. Without this script the page works the same by posts.

type StateLists = Record<string, Array<[string, string]>>;

const listsElement = document.getElementById('checkout-states');
const lists: StateLists = listsElement ? (JSON.parse(listsElement.textContent ?? '{}') as StateLists) : {};

for (const button of document.querySelectorAll<HTMLButtonElement>('button.update-address'))
  button.hidden = true;

for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-country-for]'))
  select.addEventListener('change', () => swapState(select.dataset.countryFor ?? '', select.value));

const toggle = document.getElementById('ship_to_different_address');
const shippingFields = document.getElementById('shipping-fields');
if (toggle instanceof HTMLInputElement && shippingFields) {
  const sync = () => {
    shippingFields.hidden = !toggle.checked;
  };
  toggle.addEventListener('change', sync);
  sync();
}

/** Replaces `<prefix>_state` with the control the country needs, keeping its id, name, label and error link. */
function swapState(prefix: string, country: string): void {
  const current = document.getElementById(`${prefix}_state`);
  if (!(current instanceof HTMLInputElement || current instanceof HTMLSelectElement)) return;
  const states = lists[country];
  let next: HTMLInputElement | HTMLSelectElement;
  if (states) {
    const select = document.createElement('select');
    select.required = true;
    select.add(new Option('Select an option…', ''));
    for (const [code, name] of states) select.add(new Option(name, code, false, code === current.value));
    next = select;
  } else {
    const input = document.createElement('input');
    input.type = 'text';
    input.value = current instanceof HTMLInputElement ? current.value : '';
    next = input;
  }
  for (const attribute of ['id', 'name', 'autocomplete', 'aria-describedby', 'aria-invalid']) {
    const value = current.getAttribute(attribute);
    if (value !== null) next.setAttribute(attribute, value);
  }
  current.replaceWith(next);
  const marker = document.querySelector(`label[for="${prefix}_state"] .required`);
  if (states && !marker) {
    const star = document.createElement('span');
    star.className = 'required';
    star.setAttribute('aria-hidden', 'true');
    star.textContent = '*';
    document.querySelector(`label[for="${prefix}_state"]`)?.append(' ', star);
  } else if (!states) marker?.remove();
}
