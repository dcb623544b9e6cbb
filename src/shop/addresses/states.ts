import { AR, AU, BR, CA, CH, type CountryData, ES, IE, IN, JP, US } from 'country-region-data';

/** A state, province or county as WooCommerce lists it: its code (unique within the country) and name. */
export interface State {
  code: string;
  name: string;
}

/**
 * The countries whose subdivisions we list, each from the package's ISO 3166-2 data turned into WooCommerce's
 * codes: only countries where the two agree (or differ by a rule written here) are listed; every other country
 * takes a free-text state, as WooCommerce does for a country it has no list for (docs/shop.md lists the gaps).
 */
const SOURCES: Array<{ data: CountryData; code?: (iso: string) => string; skip?: readonly string[] }> = [
  // WooCommerce lists the US territories as countries of their own.
  { data: US, skip: ['AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'PR', 'VI'] },
  { data: CA },
  { data: AU },
  { data: BR },
  { data: IE },
  { data: AR },
  { data: CH },
  // WooCommerce lists Spain's provinces, not its autonomous communities.
  { data: ES, skip: ['AN', 'AR', 'CN'] },
  { data: IN, code: (iso) => ({ TG: 'TS', UT: 'UK' })[iso] ?? iso },
  { data: JP, code: (iso) => `JP${iso}` },
];

const STATES = new Map<string, State[]>(
  SOURCES.map(({ data, code = (iso) => iso, skip = [] }) => [
    data[1],
    data[2].filter(([, iso]) => !skip.includes(iso)).map(([name, iso]) => ({ code: code(iso), name })),
  ]),
);

/** The country's states, or an empty list when it has none listed (its state is then free text). */
export function statesOf(country: string): readonly State[] {
  return STATES.get(country) ?? [];
}

/** True when the country has a state list (a state must then be one of it). */
export function hasStateList(country: string): boolean {
  return STATES.has(country);
}

/** The code of a state written as its code or its name (any case); null when the country lists no such state. */
export function stateCodeOf(country: string, input: string): string | null {
  const text = input.trim().toLowerCase();
  if (text === '') return null;
  const match = statesOf(country).find((s) => s.code.toLowerCase() === text || s.name.toLowerCase() === text);
  return match?.code ?? null;
}

/** The state's name, or the text itself when the country lists no such code. */
export function stateName(country: string, code: string): string {
  return statesOf(country).find((s) => s.code === code)?.name ?? code;
}
