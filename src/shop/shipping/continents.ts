// WooCommerce's continents (i18n/continents.php); the integrator may swap this for the shared country data.
const CONTINENTS: Record<string, { name: string; countries: string }> = {
  AF: {
    name: 'Africa',
    countries:
      'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW IO KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW',
  },
  AN: { name: 'Antarctica', countries: 'AQ BV GS HM TF' },
  AS: {
    name: 'Asia',
    countries:
      'AE AF AM AZ BD BH BN BT CC CN CX CY GE HK ID IL IN IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TR TW UZ VN YE',
  },
  EU: {
    name: 'Europe',
    countries:
      'AD AL AT AX BA BE BG BY CH CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA XK',
  },
  NA: {
    name: 'North America',
    countries:
      'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR SV SX TC TT US VC VG VI',
  },
  OC: {
    name: 'Oceania',
    countries: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV UM VU WF WS',
  },
  SA: { name: 'South America', countries: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE' },
};

const BY_COUNTRY = new Map(
  Object.entries(CONTINENTS).flatMap(([code, c]) => c.countries.split(' ').map((country) => [country, code])),
);

/** The WooCommerce continent code (`EU`, `NA` …) of an ISO 3166-1 alpha-2 country, or null. */
export function continentOf(country: string): string | null {
  return BY_COUNTRY.get(country.toUpperCase()) ?? null;
}

/** The name of a WooCommerce continent code, or null when the code is not one. */
export function continentName(code: string): string | null {
  return CONTINENTS[code.toUpperCase()]?.name ?? null;
}
