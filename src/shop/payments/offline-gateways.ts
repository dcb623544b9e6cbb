import type { GatewayField, PaymentGateway } from './payment-gateway.js';

const text = (id: string, label: string, description: string, value = ''): GatewayField => ({
  id,
  label,
  description,
  type: 'text',
  default: value,
  tip: description,
  placeholder: '',
});

const TITLE = (value: string) =>
  text('title', 'Title', 'This controls the title which the user sees during checkout.', value);
const INSTRUCTIONS = (value: string): GatewayField => ({
  ...text('instructions', 'Instructions', 'Instructions that will be added to the thank you page.', value),
  type: 'textarea',
});

const success = (receivedUrl: string) => ({
  payment_status: 'success' as const,
  payment_details: [],
  redirect_url: receivedUrl,
});

/** Cash on delivery: the order is processing at once (WooCommerce's `cod`). */
export const codGateway: PaymentGateway = {
  id: 'cod',
  methodTitle: 'Cash on delivery',
  methodDescription: 'Let your shoppers pay upon delivery — by cash or other methods of payment.',
  supports: ['products'],
  defaults: { enabled: true, title: 'Cash on delivery', description: 'Pay with cash upon delivery.' },
  fields: [TITLE('Cash on delivery'), INSTRUCTIONS('Pay with cash upon delivery.')],
  placedStatus: 'processing',
  pay: async ({ receivedUrl }) => success(receivedUrl),
  receivedNotes: ({ settings }) => nonEmpty([settings.instructions]),
};

/** Direct bank transfer: on hold until the money arrives; the shop's account is shown to the shopper. */
export const bacsGateway: PaymentGateway = {
  id: 'bacs',
  methodTitle: 'Direct bank transfer',
  methodDescription: 'Take payments in person via BACS. More commonly known as direct bank/wire transfer.',
  supports: ['products'],
  defaults: {
    enabled: true,
    title: 'Direct bank transfer',
    description:
      'Make your payment directly into our bank account. Please use your Order ID as the payment reference. Your order will not be shipped until the funds have cleared in our account.',
  },
  fields: [
    TITLE('Direct bank transfer'),
    INSTRUCTIONS(''),
    text('account_name', 'Account name', 'The name the account is held in.'),
    text('account_number', 'Account number', 'The account number.'),
    text('bank_name', 'Bank name', 'The bank holding the account.'),
    text('sort_code', 'Sort code', 'The sort code (or routing number, BSB, IFSC).'),
    text('iban', 'IBAN', 'The international bank account number.'),
    text('bic', 'BIC / Swift', 'The bank identifier code.'),
  ],
  placedStatus: 'on-hold',
  pay: async ({ receivedUrl }) => success(receivedUrl),
  receivedNotes: ({ order, settings }) => [
    ...nonEmpty([settings.instructions]),
    ...(BANK_DETAILS.some(([key]) => settings[key])
      ? [`Our bank details — use order ${order.id} as the payment reference.`]
      : []),
    ...BANK_DETAILS.filter(([key]) => settings[key]).map(([key, label]) => `${label}: ${settings[key]}`),
  ],
};

/** Check payments: on hold until the cheque clears (WooCommerce's `cheque`). */
export const chequeGateway: PaymentGateway = {
  id: 'cheque',
  methodTitle: 'Check payments',
  methodDescription:
    'Take payments in person via checks. This offline gateway can also be useful to test purchases.',
  supports: ['products'],
  defaults: {
    enabled: false,
    title: 'Check payments',
    description: 'Please send a check to the shop; your order ships once it has cleared.',
  },
  fields: [TITLE('Check payments'), INSTRUCTIONS('')],
  placedStatus: 'on-hold',
  pay: async ({ receivedUrl }) => success(receivedUrl),
  receivedNotes: ({ settings }) => nonEmpty([settings.instructions]),
};

const BANK_DETAILS = [
  ['account_name', 'Account name'],
  ['bank_name', 'Bank'],
  ['account_number', 'Account number'],
  ['sort_code', 'Sort code'],
  ['iban', 'IBAN'],
  ['bic', 'BIC'],
] as const;

// The given texts that are not empty.
function nonEmpty(values: ReadonlyArray<string | undefined>): string[] {
  return values.filter((v): v is string => Boolean(v?.trim()));
}
