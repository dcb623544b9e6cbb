import { describe, expect, it } from 'vitest';
import { factoryTableConfig } from '../config/table-config.defaults.js';
import { tableCss } from './table-styles.js';

const css = (change: (c: ReturnType<typeof factoryTableConfig>) => void) => {
  const config = factoryTableConfig();
  change(config);
  return tableCss({ wrapperId: 't-1', style: config.style, columns: config.columns, bulkWidth: null });
};

describe('tableCss', () => {
  it('should scope every rule to the wrapper id and apply the header, body and button tokens', () => {
    const out = css(() => {});
    for (const rule of out.split('\n')) expect(rule.startsWith('#t-1 ')).toBe(true);
    expect(out).toContain(
      '#t-1 .producttables-table thead th{background-color:#f8f9fa;color:#1f2937;font-size:14px;font-weight:600;text-transform:uppercase}',
    );
    expect(out).toContain(
      '#t-1 .producttables-btn{background-color:#2271b1 !important;color:#ffffff !important;border-radius:4px}',
    );
    expect(out).toContain(
      '#t-1 .producttables-table tbody tr:nth-child(even) td{background-color:#f9f9f9;color:#555555}',
    );
    expect(out).toContain('#t-1 .producttables-table .producttables-col-col_image_default{width:92px}');
    expect(out).toContain('#t-1 .producttables-table{min-width:560px}');
  });

  it('should remove borders for style none and the radius when disabled', () => {
    const out = css((c) => {
      c.style.layout.borderStyle = 'none';
      c.style.layout.borderRadiusEnabled = false;
      c.style.layout.cellPadding = 'compact';
    });
    expect(out).toContain('.producttables-table-scroll{border:none;border-radius:0px}');
    expect(out).toContain('{padding:8px 12px;border-bottom:none}');
  });

  it('should leave out zebra and hover rules when they are off, and auto widths', () => {
    const out = css((c) => {
      c.style.body.rowAlternate = false;
      c.style.hover.rowHoverEnabled = false;
      c.columns[0]!.advanced.width = { value: 0, unit: 'auto' };
    });
    expect(out).not.toContain('nth-child(even)');
    expect(out).not.toContain(':hover td');
    expect(out).not.toContain('width:92px');
  });
});
