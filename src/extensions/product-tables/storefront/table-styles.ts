import type { TableColumn, TableStyle } from '../config/table-config.schemas.js';
import { cssIdent } from './css-text.js';

const COLOR = /^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|(rgb|rgba|hsl|hsla)\([0-9.,%/ ]+\))$/;
const SIZE = /^[0-9]{1,4}(\.[0-9]{1,3})?(px|%|em|rem|pt)$/;
const PADDING = { compact: '8px 12px', normal: '12px 16px', spacious: '16px 24px' } as const;
const WEIGHT = { normal: 400, bold: 600, extrabold: 800 } as const;
const TRANSFORM = {
  uppercase: 'uppercase',
  lowercase: 'lowercase',
  capitalize: 'capitalize',
  'normal-case': 'none',
};
const BORDER_STYLES = new Set(['none', 'solid', 'dashed', 'dotted', 'double']);

/**
 * The CSS of one table, every rule scoped to its wrapper id (reference §3.5). Values are re-checked against the
 * same patterns the schemas enforce; a value that does not match is dropped, never passed through.
 */
export function tableCss(input: {
  wrapperId: string;
  style: TableStyle;
  columns: TableColumn[];
  bulkWidth: TableColumn['advanced']['width'] | null;
}): string {
  const { style, columns } = input;
  const w = `#${cssIdent(input.wrapperId)}`;
  const t = `${w} .producttables-table`;
  const rules: string[] = [];
  const rule = (selector: string, decls: Array<string | null>) => {
    const body = decls.filter((d): d is string => d !== null);
    if (body.length > 0) rules.push(`${selector}{${body.join(';')}}`);
  };
  const color = (prop: string, value: string, important = false) =>
    COLOR.test(value) ? `${prop}:${value}${important ? ' !important' : ''}` : null;
  const size = (prop: string, value: string) => (SIZE.test(value) ? `${prop}:${value}` : null);

  const layout = style.layout;
  const borderStyle = BORDER_STYLES.has(layout.borderStyle) ? layout.borderStyle : 'solid';
  const borderColor = COLOR.test(layout.borderColor) ? layout.borderColor : '#e2e8f0';
  const radius = layout.borderRadiusEnabled
    ? Math.max(0, Math.min(48, Math.trunc(parseFloat(String(layout.borderRadius)) || 0)))
    : 0;
  const padding = PADDING[layout.cellPadding] ?? PADDING.normal;
  const border = borderStyle === 'none' ? 'none' : `1px ${borderStyle} ${borderColor}`;

  rule(`${w} .producttables-table-scroll`, [`border:${border}`, `border-radius:${radius}px`]);
  rule(t, [`min-width:${140 * Math.max(1, columns.length)}px`]);
  rule(`${t} th,${t} td`, [`padding:${padding}`, `border-bottom:${border}`]);
  rule(`${t} thead th`, [
    color('background-color', style.header.bgColor),
    color('color', style.header.textColor),
    size('font-size', style.header.fontSize),
    `font-weight:${WEIGHT[style.typography.headerFontWeight] ?? 600}`,
    `text-transform:${TRANSFORM[style.typography.headerTextTransform] ?? 'none'}`,
  ]);
  rule(`${t} tbody td`, [
    color('background-color', style.body.bgColor),
    color('color', style.body.textColor),
  ]);
  rule(`${t} tbody td a,${t} tbody td .producttables-name,${t} tbody td .producttables-price`, [
    color('color', style.body.textColor),
  ]);
  if (style.body.rowAlternate) {
    rule(`${t} tbody tr:nth-child(even) td`, [
      color('background-color', style.body.altBgColor),
      color('color', style.body.altTextColor),
    ]);
    rule(`${t} tbody tr:nth-child(even) td a`, [color('color', style.body.altTextColor)]);
  }
  if (style.hover.rowHoverEnabled) {
    rule(`${t} tbody tr:hover td`, [
      color('background-color', style.hover.rowHoverBgColor),
      color('color', style.hover.rowHoverTextColor),
    ]);
    rule(`${t} tbody tr:hover td a`, [color('color', style.hover.rowHoverTextColor)]);
  }
  rule(`${w} .producttables-btn`, [
    color('background-color', style.button.bgColor, true),
    color('color', style.button.textColor, true),
    size('border-radius', style.button.borderRadius),
  ]);
  rule(`${w} .producttables-btn:hover:not(:disabled)`, [
    color('background-color', style.button.hoverBgColor, true),
    color('color', style.button.hoverTextColor, true),
  ]);
  for (const column of columns) {
    const width = widthValue(column.advanced.width);
    if (width) rule(`${t} .producttables-col-${cssIdent(column.id)}`, [`width:${width}`]);
  }
  const bulk = input.bulkWidth ? widthValue(input.bulkWidth) : null;
  if (bulk) rule(`${t} .producttables-col-select`, [`width:${bulk}`]);
  return rules.join('\n');
}

function widthValue(width: TableColumn['advanced']['width']): string | null {
  if (width.unit === 'auto' || !(width.value > 0) || !['px', '%', 'em', 'rem'].includes(width.unit))
    return null;
  return `${Math.round(width.value * 100) / 100}${width.unit}`;
}
