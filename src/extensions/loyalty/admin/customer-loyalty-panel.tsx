import { __ } from '@wordpress/i18n';
import type { CustomerPanelProps } from '../../../admin/registry.js';
import { CustomerPanel } from './customer-panel.js';

/** The customer screen's loyalty panel: the loyalty customers screen's panel for this customer. */
export default function CustomerLoyaltyPanel({ customerId }: CustomerPanelProps) {
  return <CustomerPanel userId={customerId} name={__('Loyalty points', 'storeside')} />;
}
