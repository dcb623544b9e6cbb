import { ComboboxControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { useApiQuery } from '../../../admin/components/api-query.js';
import { useDebouncedValue } from '../../../admin/components/use-debounced-value.js';
import type { UserSearchResult } from '../loyalty.schemas.js';
import { searchCustomers, searchCustomersPath } from './loyalty-client.js';

/** A picked customer: id and how to show them. */
export interface PickedCustomer {
  id: number;
  label: string;
}

/** A combobox that finds customers by name or e-mail as one types (the server searches). */
export function CustomerPicker(props: {
  label: string;
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  help?: string;
}) {
  const [term, setTerm] = useState('');
  const searched = useDebouncedValue(term.trim(), 200);
  const search = useApiQuery(
    searched ? searchCustomersPath(searched) : null,
    () => searchCustomers(searched).catch((): UserSearchResult[] => []),
    { placeholderData: (previous) => previous },
  );
  const found = search.data ?? [];
  const options = found.map((u) => ({
    value: String(u.id),
    label: sprintf(
      __('%1$s (%2$s) — %3$s points', 'storeside'),
      u.display_name,
      u.user_email,
      String(u.balance),
    ) as string,
  }));
  if (props.value && !options.some((o) => o.value === String(props.value!.id)))
    options.unshift({ value: String(props.value.id), label: props.value.label });
  return (
    <ComboboxControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={props.label}
      help={props.help}
      value={props.value ? String(props.value.id) : null}
      options={options}
      onFilterValueChange={setTerm}
      onChange={(value) => {
        const option = options.find((o) => o.value === value);
        props.onChange(option ? { id: Number(option.value), label: option.label } : null);
      }}
    />
  );
}
