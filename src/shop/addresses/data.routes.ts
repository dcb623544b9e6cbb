import { Type } from '@sinclair/typebox';
import { NotFoundError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import { allContinents, allCountries, type Country } from './countries.js';
import { allCurrencies, type Currency, findCurrency } from './currencies.js';
import {
  ContinentResponse,
  CountryResponse,
  CurrencyParams,
  CurrencyResponse,
  DataIndexEntry,
  LocationParams,
} from './data.schemas.js';
import { localeInfo } from './locale-info.js';
import { statesOf } from './states.js';

// WooCommerce reads its data endpoints with the settings' read permission.
const AUTH = { access: 'capability', capability: 'manage_woocommerce', nonce: 'cookie' } as const;
const TAGS = ['shop: data'];
const noLocation = () =>
  new NotFoundError(
    'woocommerce_rest_data_invalid_location',
    'There are no locations matching these parameters.',
  );

/** WooCommerce's `wc/v3/data` routes: the index, countries with their states, continents and currencies. */
export function registerDataRoutes(app: RestApp, ctx: ShopContext): void {
  const base = `${ctx.config.publicUrl}/wp-json/wc/v3/data`;
  const links = (kind: string, code: string) => ({
    self: [{ href: `${base}/${kind}/${code}` }],
    collection: [{ href: `${base}/${kind}` }],
  });
  const countryView = (c: Country) => ({
    code: c.code,
    name: c.name,
    states: [...statesOf(c.code)],
    _links: links('countries', c.code.toLowerCase()),
  });
  const continentView = (continent: ReturnType<typeof allContinents>[number]) => ({
    code: continent.code,
    name: continent.name,
    countries: continent.countries.map((code) => {
      const country = allCountries().find((c) => c.code === code) as Country;
      return { code, name: country.name, ...localeInfo(code), states: [...statesOf(code)] };
    }),
    _links: links('continents', continent.code.toLowerCase()),
  });
  const currencyView = (c: Currency) => ({ ...c, _links: links('currencies', c.code) });

  app.get(
    '/wc/v3/data',
    {
      config: { auth: AUTH },
      schema: { tags: TAGS, summary: 'The data resources.', response: { 200: Type.Array(DataIndexEntry) } },
    },
    () =>
      [
        ['continents', 'List of supported continents, countries, and states.'],
        ['countries', 'List of supported states in a given country.'],
        ['currencies', 'List of supported currencies.'],
      ].map(([slug, description]) => ({
        slug,
        description,
        _links: { self: [{ href: `${base}/${slug}` }] },
      })),
  );

  app.get(
    '/wc/v3/data/countries',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Every country with its states.',
        response: { 200: Type.Array(CountryResponse) },
      },
    },
    () => allCountries().map(countryView),
  );

  app.get(
    '/wc/v3/data/countries/:location',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'One country (ISO 3166-1 alpha-2 code, any case) with its states.',
        params: LocationParams,
        response: { 200: CountryResponse },
      },
    },
    (request) => {
      const code = request.params.location.toUpperCase();
      const country = allCountries().find((c) => c.code === code);
      if (!country) throw noLocation();
      return countryView(country);
    },
  );

  app.get(
    '/wc/v3/data/continents',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Every continent with its countries and their states.',
        response: { 200: Type.Array(ContinentResponse) },
      },
    },
    () => allContinents().map(continentView),
  );

  app.get(
    '/wc/v3/data/continents/:location',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'One continent (AF, AN, AS, EU, NA, OC, SA; any case).',
        params: LocationParams,
        response: { 200: ContinentResponse },
      },
    },
    (request) => {
      const code = request.params.location.toUpperCase();
      const continent = allContinents().find((c) => c.code === code);
      if (!continent) throw noLocation();
      return continentView(continent);
    },
  );

  app.get(
    '/wc/v3/data/currencies',
    {
      config: { auth: AUTH },
      schema: { tags: TAGS, summary: 'Every currency.', response: { 200: Type.Array(CurrencyResponse) } },
    },
    () => allCurrencies().map(currencyView),
  );

  app.get(
    '/wc/v3/data/currencies/current',
    {
      config: { auth: AUTH },
      schema: { tags: TAGS, summary: "The store's currency.", response: { 200: CurrencyResponse } },
    },
    () =>
      currencyView(
        findCurrency(ctx.shop.currency.code) ?? { ...ctx.shop.currency, name: ctx.shop.currency.code },
      ),
  );

  app.get(
    '/wc/v3/data/currencies/:currency',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'One currency by ISO 4217 code (any case).',
        params: CurrencyParams,
        response: { 200: CurrencyResponse },
      },
    },
    (request) => {
      const currency = findCurrency(request.params.currency);
      if (!currency)
        throw new NotFoundError(
          'woocommerce_rest_data_invalid_currency',
          'There are no currencies matching these parameters.',
        );
      return currencyView(currency);
    },
  );
}
