import { InputField } from './field.tsx';

export interface DateRange {
  /** YYYY-MM-DD, '' for open. */
  from: string;
  /** YYYY-MM-DD, '' for open. */
  to: string;
}

interface DateRangeFieldsProps {
  ids: { from: string; to: string };
  labels: { from: string; to: string };
  value: DateRange;
  onChange: (value: DateRange) => void;
}

/** Two date boxes for a range; each one's picker stops at the other's date. */
export function DateRangeFields({ ids, labels, value, onChange }: DateRangeFieldsProps) {
  return (
    <>
      <InputField
        id={ids.from}
        label={labels.from}
        type="date"
        value={value.from}
        max={value.to || undefined}
        onChange={(event) => onChange({ ...value, from: event.target.value })}
      />
      <InputField
        id={ids.to}
        label={labels.to}
        type="date"
        value={value.to}
        min={value.from || undefined}
        onChange={(event) => onChange({ ...value, to: event.target.value })}
      />
    </>
  );
}
