import { __, sprintf } from '@wordpress/i18n';
import { Link } from 'wouter';
import { useApiQuery } from '../../../admin/components/api-query.js';
import { TAX_CLASSES_ROUTE, type TaxClass } from './tax-client.js';

/** The Tax tab's sections: "Tax options | Standard rates | Reduced rate rates | …", one per class, current marked. */
export function TaxSections({ current }: { current: string }) {
  const classes = useApiQuery<TaxClass[]>(TAX_CLASSES_ROUTE);
  const sections = [
    { id: '', href: '/shop/settings/tax', label: __('Tax options', 'storeside') },
    ...(classes.data ?? []).map((c) => ({
      id: c.slug,
      href: `/shop/settings/tax/${encodeURIComponent(c.slug)}`,
      label: sectionTitle(c),
    })),
  ];
  return (
    <nav aria-label={__('Tax sections', 'storeside')}>
      <ul className="storeside-tax-sections">
        {sections.map((section) => (
          <li key={section.id || 'options'}>
            <Link href={section.href} aria-current={section.id === current ? 'page' : undefined}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A class's section title as WooCommerce words it: "Standard rates", "Reduced rate rates". */
export function sectionTitle(taxClass: TaxClass): string {
  return taxClass.slug === 'standard'
    ? __('Standard rates', 'storeside')
    : sprintf(__('%s rates', 'storeside'), taxClass.name);
}
