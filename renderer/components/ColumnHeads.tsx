/** One column heading: its text, and whether its column holds numbers (set right, as its cells). */
export interface ColumnHead {
  label: string;
  num?: boolean;
  /** Named to screen readers only (a column of acts: its buttons say what they do). */
  hidden?: boolean;
}

/** A table's row of column headings (`<thead>`), the numbers' columns marked `num`. */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c.label} scope="col" className={c.num ? 'num' : undefined}>
            {c.hidden ? <span className="visually-hidden">{c.label}</span> : c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
