/** A UTC time as the platform stores it (`YYYY-MM-DD HH:MM:SS` or with a `T`), shown in the reader's time zone. */
export function DateTime({ value }: { value: string }) {
  const iso = `${value.replace(' ', 'T')}${/(Z|[+-]\d\d:?\d\d)$/.test(value) ? '' : 'Z'}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return (
    <time dateTime={date.toISOString()}>
      {date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}
