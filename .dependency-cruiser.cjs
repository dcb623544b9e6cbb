/** The layer rules of DESIGN.md, run by `npm run lint` (docs/platform.md, "Layer rules"). */
const BROWSER = '(^src/admin/|/admin/|/storefront/islands/)';

module.exports = {
  forbidden: [
    {
      name: 'kysely-only-in-repositories',
      comment:
        'Kysely (values and types) only in *.repository.ts, src/platform/db/** and frozen migrations; ' +
        'other code types its handle with DbOrTrx/Db from src/platform/db/database.ts. Unit tests may set up rows.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: [
          '\\.repository\\.ts$',
          '^src/platform/db/',
          '/migrations/',
          '\\.test\\.ts$',
        ],
      },
      to: { path: '(^|/)node_modules/kysely/' },
    },
    {
      name: 'no-circular',
      comment: 'Imports run one way: a type or helper two files share lives in a third that both import.',
      severity: 'error',
      from: {
        // Exception: cart recovery's capture-writer ↔ services ↔ session-jobs circle goes with its rewiring
        // (another engineer); remove this line when that lands.
        pathNot: '^src/extensions/cart-recovery/',
      },
      to: { circular: true },
    },
    {
      name: 'routes-never-import-repositories',
      comment: 'A route or page calls a service function; only services touch repositories.',
      severity: 'error',
      from: { path: '\\.(routes|pages)\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'extensions-never-import-each-other',
      severity: 'error',
      from: { path: '^src/extensions/([^/]+)/' },
      to: { path: '^src/extensions/([^/]+)/', pathNot: '^src/extensions/$1/' },
    },
    {
      name: 'extensions-reach-the-shop-through-its-public-api',
      comment: "The shop's public surface: shop-api.ts (functions and types) and shop-events.ts (event payloads).",
      severity: 'error',
      from: { path: '^(src/extensions|examples)/' },
      to: { path: '^src/shop/', pathNot: ['^src/shop/shop-api\\.ts$', '^src/shop/shop-events\\.ts$'] },
    },
    {
      name: 'extensions-use-platform-services-not-repositories',
      comment: 'Platform tables (users, capabilities, options ...) are read and written through platform services.',
      severity: 'error',
      from: { path: '^(src/extensions|examples)/' },
      to: { path: '^src/platform/.+\\.repository\\.ts$' },
    },
    {
      name: 'shop-never-imports-extensions',
      comment: 'The shop is the layer extensions build on: it reaches them only through events and hooks.',
      severity: 'error',
      from: { path: '^src/shop/' },
      to: { path: '^src/extensions/' },
    },
    {
      name: 'admin-shell-imports-no-module',
      comment: "The admin shell discovers the shop's and the extensions' admin modules; it never imports them.",
      severity: 'error',
      from: { path: '^src/admin/' },
      to: { path: '^src/(shop|extensions)/' },
    },
    {
      name: 'platform-knows-no-shop-or-extensions',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/(shop|extensions)/' },
    },
    {
      name: 'browser-code-never-imports-server-code',
      comment:
        'Browser code imports browser code, npm packages, only types from *.schemas.ts (Static<typeof ...>), ' +
        'and the values both sides share from *.constants.ts.',
      severity: 'error',
      from: { path: BROWSER },
      // Exception: the CSV writer, a pure module without imports, shared with the server's exports.
      to: { path: '^src/', pathNot: [BROWSER, '\\.schemas\\.ts$', '\\.constants\\.ts$', '^src/platform/csv/csv\\.ts$'] },
    },
    {
      name: 'constants-import-nothing',
      comment: 'A *.constants.ts file holds plain values shared by server and browser: it imports nothing.',
      severity: 'error',
      from: { path: '\\.constants\\.ts$' },
      to: { path: '.' },
    },
    {
      name: 'browser-code-takes-only-types-from-schemas',
      severity: 'error',
      from: { path: BROWSER },
      to: { path: '\\.schemas\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'browser-code-has-no-node-builtins',
      severity: 'error',
      from: { path: BROWSER },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
