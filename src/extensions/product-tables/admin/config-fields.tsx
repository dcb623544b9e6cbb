import { CheckboxControl, SelectControl, TextControl } from '@wordpress/components';

type Path = readonly string[];

function getIn(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

function setIn<T>(value: T, path: Path, leaf: unknown): T {
  const copy = structuredClone(value);
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = leaf;
  return copy;
}

/** Labelled controls bound to paths of one object (the table's `settings` or `style`); each change makes a copy. */
export function fieldsFor<T>(value: T, onChange: (next: T) => void, errors: Record<string, string> = {}) {
  const help = (path: Path) => errors[path.join('.')];
  return {
    toggle: (path: Path, label: string) => (
      <CheckboxControl
        __nextHasNoMarginBottom
        label={label}
        checked={Boolean(getIn(value, path))}
        onChange={(checked) => onChange(setIn(value, path, checked))}
        help={help(path)}
      />
    ),
    text: (path: Path, label: string, type = 'text') => (
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        type={type as 'text'}
        label={label}
        value={String(getIn(value, path) ?? '')}
        onChange={(text) => onChange(setIn(value, path, text))}
        help={help(path)}
      />
    ),
    number: (path: Path, label: string, min: number, max: number) => (
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        type="number"
        min={min}
        max={max}
        label={label}
        value={String(Number.parseFloat(String(getIn(value, path))) || 0)}
        onChange={(text) => onChange(setIn(value, path, Math.max(min, Math.min(max, Number(text) || min))))}
        help={help(path)}
      />
    ),
    select: (path: Path, label: string, options: Array<{ value: string; label: string }>) => (
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={label}
        value={String(getIn(value, path) ?? '')}
        options={options}
        onChange={(choice) => onChange(setIn(value, path, choice))}
        help={help(path)}
      />
    ),
  };
}
