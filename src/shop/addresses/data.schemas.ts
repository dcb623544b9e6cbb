import { Type } from '@sinclair/typebox';

const Links = Type.Record(Type.String(), Type.Array(Type.Object({ href: Type.String() })));
const State = Type.Object({ code: Type.String(), name: Type.String() });

/** A country as `/wc/v3/data/countries` shows it. */
export const CountryResponse = Type.Object({
  code: Type.String(),
  name: Type.String(),
  states: Type.Array(State),
  _links: Links,
});

/** A country inside a continent (WooCommerce adds its currency and measurement habits there). */
const ContinentCountry = Type.Object({
  code: Type.String(),
  name: Type.String(),
  currency_code: Type.String(),
  currency_pos: Type.String(),
  decimal_sep: Type.String(),
  dimension_unit: Type.String(),
  num_decimals: Type.Integer(),
  thousand_sep: Type.String(),
  weight_unit: Type.String(),
  states: Type.Array(State),
});

/** A continent as `/wc/v3/data/continents` shows it. */
export const ContinentResponse = Type.Object({
  code: Type.String(),
  name: Type.String(),
  countries: Type.Array(ContinentCountry),
  _links: Links,
});

/** A currency as `/wc/v3/data/currencies` shows it. */
export const CurrencyResponse = Type.Object({
  code: Type.String(),
  name: Type.String(),
  symbol: Type.String(),
  _links: Links,
});

/** An entry of `GET /wc/v3/data`. */
export const DataIndexEntry = Type.Object({ slug: Type.String(), description: Type.String(), _links: Links });

/** Path of `/data/countries/{location}` and `/data/continents/{location}`. */
export const LocationParams = Type.Object({ location: Type.String({ maxLength: 10 }) });

/** Path of `/data/currencies/{currency}`. */
export const CurrencyParams = Type.Object({ currency: Type.String({ maxLength: 10 }) });
