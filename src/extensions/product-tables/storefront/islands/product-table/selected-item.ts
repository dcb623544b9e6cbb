/** A product picked with its row's checkbox, as the selection keeps it (in `sessionStorage`). */
export interface Selected {
  name: string;
  price: string | null;
  image: string | null;
  quantity: number;
}

/** One entry of the selected-items panel (built with `textContent` only): image, name, `n × price`, remove. */
export function selectedItem(it: Selected, currencySymbol: string, onRemove: () => void): HTMLLIElement {
  const li = document.createElement('li');
  if (it.image) {
    const img = document.createElement('img');
    img.src = it.image;
    img.alt = '';
    li.appendChild(img);
  }
  const name = document.createElement('span');
  name.textContent = it.name;
  li.appendChild(name);
  const price = document.createElement('span');
  price.textContent = `${it.quantity} \u00d7 ${currencySymbol}${it.price}`;
  li.appendChild(price);
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.textContent = '\u00d7';
  remove.setAttribute('aria-label', `Remove ${it.name}`);
  remove.addEventListener('click', onRemove);
  li.appendChild(remove);
  return li;
}
