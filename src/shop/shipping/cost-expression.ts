/** What a flat-rate cost expression may refer to: `[qty]` items and `[cost]` of the package (major units). */
export interface CostVariables {
  qty: number;
  cost: number;
}

/**
 * Evaluates a WooCommerce flat-rate cost (`"5 + 2 * [qty]"`, `"[cost] * 0.1"`, `"[fee percent=\"10\" min_fee=\"2\"]"`)
 * without `eval`: the shortcodes are replaced by numbers, then a small parser reads `+ - * / ( )` and decimals.
 * Answers the cost in major units, or null when the text is not a valid expression. An empty text costs 0.
 */
export function evaluateCost(text: string, vars: CostVariables): number | null {
  const replaced = replaceShortcodes(text, vars);
  if (replaced === null) return null;
  const tokens = tokenize(replaced);
  if (tokens === null) return null;
  if (tokens.length === 0) return 0;
  const parser = new Parser(tokens);
  const value = parser.expression();
  if (value === null || !parser.done() || !Number.isFinite(value)) return null;
  return value;
}

/** True when `text` is a cost expression WooCommerce would accept (checked with sample values). */
export function isValidCost(text: string): boolean {
  return evaluateCost(text, { qty: 1, cost: 1 }) !== null;
}

/** A cost in major units → integer minor units, rounded half up (float noise removed first). */
export function costToMinor(value: number, minorUnit: number): number {
  const scaled = Number((value * 10 ** minorUnit).toFixed(6));
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

const SHORTCODE = /\[\s*(qty|cost|fee)((?:\s+[a-z_]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s\]]+))*)\s*\]/gi;
const ATTRIBUTE = /([a-z_]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]+))/gi;

function replaceShortcodes(text: string, vars: CostVariables): string | null {
  let failed = false;
  const out = text.replace(SHORTCODE, (_all, name: string, attrs: string) => {
    const tag = name.toLowerCase();
    if (tag === 'qty') return `(${vars.qty})`;
    if (tag === 'cost') return `(${vars.cost})`;
    const fee = feeOf(attrs, vars.cost);
    if (fee === null) failed = true;
    return `(${fee ?? 0})`;
  });
  // Any bracket left is an unknown or malformed shortcode.
  return failed || /[[\]]/.test(out) ? null : out;
}

/** `[fee percent="10" min_fee="2" max_fee="20"]`: a percentage of the package cost, kept within the bounds. */
function feeOf(attrs: string, cost: number): number | null {
  const values: Record<string, number> = {};
  for (const m of attrs.matchAll(ATTRIBUTE)) {
    const raw = (m[2] ?? m[3] ?? m[4] ?? '').trim();
    if (raw === '') continue;
    if (!/^\d+(\.\d+)?$/.test(raw)) return null;
    values[m[1].toLowerCase()] = Number(raw);
  }
  let fee = (cost * (values.percent ?? 0)) / 100;
  if (values.min_fee !== undefined && fee < values.min_fee) fee = values.min_fee;
  if (values.max_fee !== undefined && values.max_fee > 0 && fee > values.max_fee) fee = values.max_fee;
  return fee;
}

type Token = number | '+' | '-' | '*' | '/' | '(' | ')';

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d*)?|\.\d+)|([-+*/()]))/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return null;
    tokens.push(m[1] !== undefined ? Number(m[1]) : (m[2] as Token));
    at = re.lastIndex;
  }
  return tokens;
}

/** Recursive descent over `expr := term (± term)*`, `term := unary (×÷ unary)*`, `unary := -unary | (expr) | n`. */
class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  done(): boolean {
    return this.at === this.tokens.length;
  }

  expression(): number | null {
    let left = this.term();
    while (left !== null && (this.peek() === '+' || this.peek() === '-')) {
      const op = this.tokens[this.at++];
      const right = this.term();
      if (right === null) return null;
      left = op === '+' ? left + right : left - right;
    }
    return left;
  }

  private term(): number | null {
    let left = this.unary();
    while (left !== null && (this.peek() === '*' || this.peek() === '/')) {
      const op = this.tokens[this.at++];
      const right = this.unary();
      if (right === null) return null;
      // WooCommerce's evaluator treats a division by zero as an error; the cost is then invalid.
      if (op === '/' && right === 0) return null;
      left = op === '*' ? left * right : left / right;
    }
    return left;
  }

  private unary(): number | null {
    const token = this.tokens[this.at++];
    if (typeof token === 'number') return token;
    if (token === '-' || token === '+') {
      const value = this.unary();
      return value === null ? null : token === '-' ? -value : value;
    }
    if (token === '(') {
      const value = this.expression();
      if (value === null || this.tokens[this.at++] !== ')') return null;
      return value;
    }
    return null;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }
}
