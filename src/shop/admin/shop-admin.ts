import { __ } from '@wordpress/i18n';
import { registerAdminModule } from '../../admin/registry.js';
import { couponScreens } from './coupons/coupon-screens.js';
import { customerScreens } from './customers/customer-screens.js';
import { emailScreens } from './emails/emails-screens.js';
import { mediaScreens } from './media/media-screens.js';
import { orderScreens } from './orders/order-screens.js';
import { productScreens } from './products/product-screens.js';
import { reviewScreens } from './reviews/review-screens.js';
import { settingsScreens } from './settings/settings-screens.js';
import { shippingScreens } from './shipping/shipping-screens.js';
import { taxScreens } from './tax/tax-screens.js';

// The shop's screens: the Shop menu (orders, customers, coupons), the Products menu (products, categories, reviews)
// and the Media menu (the library).
registerAdminModule({
  name: 'shop',
  menus: [
    {
      label: __('Shop', 'storeside'),
      order: 4,
      screens: [
        ...orderScreens,
        ...customerScreens,
        ...couponScreens,
        ...shippingScreens,
        ...emailScreens,
        ...settingsScreens,
        ...taxScreens,
      ],
    },
    { label: __('Products', 'storeside'), order: 5, screens: [...productScreens, ...reviewScreens] },
    { label: __('Media', 'storeside'), order: 6, screens: mediaScreens },
  ],
  dashboardCard: () => import('./demo/demo-card.js'),
});
