import { useMutation } from '@tanstack/react-query';
import { Button } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { type ChangeEvent, useRef } from 'react';
import { downloadText } from '../../../admin/components/download-file.js';
import { useNotices } from '../../../admin/components/notices.js';
import { exportRatesCsv, importRates } from './tax-client.js';
import { parseTaxRatesCsv } from './tax-rates-csv.js';

/**
 * Import CSV (a file field dressed as a button: the file's rates are created at once, each in the class its row
 * names, refused rows reported by line) and Export CSV (every saved rate of the class, as WooCommerce's CSV).
 */
export function RatesCsvButtons(props: { taxClass: string; firstOrder: number }) {
  const notices = useNotices();
  const fileInput = useRef<HTMLInputElement>(null);
  const importFile = useMutation({
    mutationFn: async (file: File) => {
      const parsed = parseTaxRatesCsv(await file.text());
      if ('error' in parsed) throw { code: 'storeside_csv_invalid', message: parsed.error };
      return importRates(parsed.rates, props.firstOrder);
    },
    onSuccess: ({ created, refused }) => {
      if (created > 0 || refused.length === 0)
        notices.show(
          'success',
          sprintf(_n('%d tax rate imported.', '%d tax rates imported.', created, 'storeside'), created),
        );
      if (refused.length > 0)
        notices.show(
          'error',
          sprintf(
            __('Rows not imported: %s', 'storeside'),
            refused.map((r) => sprintf(__('line %1$d (%2$s)', 'storeside'), r.line, r.message)).join('; '),
          ),
        );
    },
    onError: (failure) => notices.showError(failure),
    onSettled: () => {
      // The same file may be chosen again after it is fixed.
      if (fileInput.current) fileInput.current.value = '';
    },
  });
  const exportFile = useMutation({
    mutationFn: () => exportRatesCsv(props.taxClass),
    onSuccess: (csv) => downloadText(`tax_rates_${props.taxClass}.csv`, csv),
    onError: (failure) => notices.showError(failure),
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) importFile.mutate(file);
  };

  return (
    <span className="storeside-tax-actions-end">
      <label className="components-button is-secondary storeside-file-button">
        {importFile.isPending ? __('Importing…', 'storeside') : __('Import CSV', 'storeside')}
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          className="screen-reader-text"
          disabled={importFile.isPending}
          onChange={choose}
        />
      </label>
      <Button
        variant="secondary"
        onClick={() => exportFile.mutate()}
        isBusy={exportFile.isPending}
        disabled={exportFile.isPending}
        accessibleWhenDisabled
      >
        {__('Export CSV', 'storeside')}
      </Button>
    </span>
  );
}
