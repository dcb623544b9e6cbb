import { continents, countries, type TContinentCode, type TCountryCode } from 'countries-list';

/** A country as WooCommerce's data endpoints show it: ISO 3166-1 alpha-2 code and English name. */
export interface Country {
  code: string;
  name: string;
}

/** A continent as `/wc/v3/data/continents` shows it (codes as WooCommerce's continents.php). */
export interface Continent {
  code: string;
  name: string;
  countries: string[];
}

// WooCommerce marks these two with their common abbreviation.
const WOO_NAMES: Record<string, string> = { US: 'United States (US)', GB: 'United Kingdom (UK)' };
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

// ISO 3166-1 assigned codes only: the package also carries exceptionally reserved ones and user-assigned Kosovo.
const RESERVED = new Set(['AC', 'TA']);
const CODES = (Object.keys(countries) as TCountryCode[]).filter(
  (code) => !countries[code].userAssigned && !RESERVED.has(code),
);

const COUNTRY_LIST: Country[] = CODES.map((code) => ({ code, name: englishName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);
const BY_CODE = new Map(COUNTRY_LIST.map((c) => [c.code, c]));
const BY_NAME = nameIndex();

// Where WooCommerce's continents.php places a country on another continent than the package does.
const WOO_CONTINENTS: Partial<Record<TCountryCode, TContinentCode>> = {
  CY: 'AS',
  IO: 'AF',
  RU: 'EU',
  TL: 'AS',
};
const CONTINENT_LIST: Continent[] = (Object.keys(continents) as TContinentCode[])
  .map((code) => ({
    code,
    name: continents[code],
    countries: COUNTRY_LIST.filter((c) => continentCode(c.code as TCountryCode) === code).map((c) => c.code),
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** Every country WooCommerce knows, sorted by name. */
export function allCountries(): readonly Country[] {
  return COUNTRY_LIST;
}

/** True for a known ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(code: string): boolean {
  return BY_CODE.has(code);
}

/** The country's English name, or the code itself when unknown. */
export function countryName(code: string): string {
  return BY_CODE.get(code)?.name ?? code;
}

/** The code of a country written as a code (any case) or a name (English, native, former or WooCommerce's); null when unknown. */
export function countryCodeOf(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  if (BY_CODE.has(text.toUpperCase())) return text.toUpperCase();
  return BY_NAME.get(nameKey(text)) ?? null;
}

/** Every continent with its countries' codes, sorted by continent name. */
export function allContinents(): readonly Continent[] {
  return CONTINENT_LIST;
}

/** The WooCommerce continent code (`EU`, `NA` …) of an ISO 3166-1 alpha-2 country (any case), or null. */
export function continentOf(country: string): string | null {
  const code = country.toUpperCase();
  return BY_CODE.has(code) ? continentCode(code as TCountryCode) : null;
}

/** The name of a WooCommerce continent code (any case), or null when the code is not one. */
export function continentName(code: string): string | null {
  return continents[code.toUpperCase() as TContinentCode] ?? null;
}

/** The ISO 4217 codes a country uses, main one first. */
export function countryCurrencies(code: string): readonly string[] {
  return BY_CODE.has(code) ? countries[code as TCountryCode].currency : [];
}

function continentCode(code: TCountryCode): TContinentCode {
  return WOO_CONTINENTS[code] ?? countries[code].continent;
}

function englishName(code: TCountryCode): string {
  return WOO_NAMES[code] ?? regionNames.of(code) ?? countries[code].name;
}

function nameIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const { code, name } of COUNTRY_LIST) {
    const data = countries[code as TCountryCode];
    for (const alias of [name, data.name, data.native, ...(data.alias ?? [])]) {
      const key = nameKey(alias);
      if (!index.has(key)) index.set(key, code);
    }
  }
  return index;
}

// Case, accents, punctuation and a leading "the" do not matter: "the united states" = "United States".
function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}
