// The admin screens of every module, registered in menu order; the boot object says which are enabled.
import './screens/platform-admin.js';
import '../shop/admin/shop-admin.js';
import '../extensions/loyalty/admin/loyalty-admin.js';
import '../extensions/product-tables/admin/product-tables-admin.js';
import '../extensions/videos/admin/videos-admin.js';
import '../extensions/cart-recovery/admin/cart-recovery-admin.js';
