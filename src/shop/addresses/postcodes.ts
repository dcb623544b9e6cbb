// WooCommerce's WC_Validation::is_postcode patterns (checked after wc_format_postcode) for the countries it checks.
const PATTERNS: Record<string, RegExp> = {
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  BR: /^\d{5}-?\d{3}$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
  CH: /^\d{4}$/,
  CZ: /^\d{3} ?\d{2}$/,
  DE: /^(0[1-9]|[1-9]\d)\d{3}$/,
  DK: /^\d{4}$/,
  ES: /^\d{5}$/,
  FR: /^\d{5}$/,
  GB: /^([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/,
  HU: /^\d{4}$/,
  IE: /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/,
  IN: /^[1-9]\d{2} ?\d{3}$/,
  IT: /^\d{5}$/,
  JP: /^\d{3}-?\d{4}$/,
  LI: /^94[89]\d$/,
  NL: /^[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}$/,
  NO: /^\d{4}$/,
  PL: /^\d{2}-\d{3}$/,
  PR: /^\d{5}(-\d{4})?$/,
  PT: /^\d{4}-\d{3}$/,
  SI: /^[1-9]\d{3}$/,
  SK: /^\d{3} ?\d{2}$/,
  US: /^\d{5}(-\d{4})?$/,
};

/** WooCommerce's `wc_format_postcode`: upper case, and the country's usual spacing or hyphen put back. */
export function formatPostcode(postcode: string, country: string): string {
  const bare = postcode.trim().toUpperCase();
  const packed = bare.replace(/[\s-]/g, '');
  if (packed === '') return '';
  switch (country) {
    case 'CA':
    case 'GB':
      return `${packed.slice(0, -3)} ${packed.slice(-3)}`.trim();
    case 'IE':
      return `${packed.slice(0, -4)} ${packed.slice(-4)}`.trim();
    case 'NL':
      return `${packed.slice(0, -2)} ${packed.slice(-2)}`.trim();
    case 'BR':
    case 'PL':
      return /^\d+$/.test(packed) ? `${packed.slice(0, -3)}-${packed.slice(-3)}` : bare;
    case 'JP':
      return /^\d{7}$/.test(packed) ? `${packed.slice(0, 3)}-${packed.slice(3)}` : bare;
    case 'PT':
      return /^\d{7}$/.test(packed) ? `${packed.slice(0, 4)}-${packed.slice(4)}` : bare;
    case 'US':
    case 'PR':
      return /^\d{9}$/.test(packed) ? `${packed.slice(0, 5)}-${packed.slice(5)}` : packed;
    default:
      return bare;
  }
}

/** WooCommerce's `WC_Validation::is_postcode`: letters, digits, spaces and hyphens, in the country's pattern if it has one. */
export function isPostcode(postcode: string, country: string): boolean {
  if (/[^\sA-Za-z0-9-]/.test(postcode)) return false;
  return PATTERNS[country]?.test(postcode) ?? true;
}

/** WooCommerce's `WC_Validation::is_phone`: digits, spaces and `# _ - + / ( ) .` only. */
export function isPhone(phone: string): boolean {
  return !/[^\s#0-9_\-+/().]/.test(phone);
}
