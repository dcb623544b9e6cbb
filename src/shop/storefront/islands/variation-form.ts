// A variable product's add-to-cart form: once every attribute is chosen, show the matching variation's price and
// stock, and disable Add to cart when that combination does not exist or is out of stock.

interface VariationChoice {
  id: number;
  attributes: Record<string, string>;
  price: number;
  regular_price: number;
  in_stock: boolean;
  stock_quantity: number | null;
}

const form = document.querySelector<HTMLFormElement>('form.cart[data-variations]');
const priceLine = document.querySelector<HTMLElement>('[data-price]');
const stockLine = document.querySelector<HTMLElement>('[data-stock]');
const minorUnit = Number(document.documentElement.dataset.currencyMinorUnit ?? '2');
const symbol = document.documentElement.dataset.currencySymbol ?? '';

if (form && priceLine && stockLine) {
  const variations = JSON.parse(form.dataset.variations ?? '[]') as VariationChoice[];
  const selects = [...form.querySelectorAll<HTMLSelectElement>('select[name^="attribute_"]')];
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const initialPrice = priceLine.innerHTML;
  const initialStock = stockLine.textContent ?? '';
  const money = (minor: number) => `${symbol}${(minor / 10 ** minorUnit).toFixed(minorUnit)}`;
  const update = () => {
    const chosen = Object.fromEntries(selects.map((s) => [s.name.slice('attribute_'.length), s.value]));
    if (Object.values(chosen).some((v) => v === '')) {
      priceLine.innerHTML = initialPrice;
      stockLine.textContent = initialStock;
      if (button) button.disabled = false;
      return;
    }
    const match = variations.find((v) =>
      Object.entries(chosen).every(([name, value]) => !v.attributes[name] || v.attributes[name] === value),
    );
    if (!match) {
      stockLine.textContent = 'This combination is not available.';
      if (button) button.disabled = true;
      return;
    }
    const price = document.createElement('span');
    price.className = 'price';
    price.textContent =
      match.price < match.regular_price
        ? `${money(match.price)} (was ${money(match.regular_price)})`
        : money(match.price);
    priceLine.replaceChildren(price);
    stockLine.textContent = !match.in_stock
      ? 'Out of stock'
      : match.stock_quantity !== null
        ? `${match.stock_quantity} in stock`
        : 'In stock';
    if (button) button.disabled = !match.in_stock;
  };
  for (const select of selects) select.addEventListener('change', update);
  update();
}
