import type { SchemaRow } from "./reference-model";

type Labels = { name: string; type: string; required: string; description: string; where?: string };

/** A schema's fields (or an operation's parameters) as a small table. */
export function FieldsTable({ rows, labels }: { rows: (SchemaRow & { in?: string })[]; labels: Labels }) {
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">{labels.name}</th>
            {labels.where && <th className="py-1 pr-3 font-medium">{labels.where}</th>}
            <th className="py-1 pr-3 font-medium">{labels.type}</th>
            <th className="py-1 font-medium">{labels.description}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.in ?? ""}${r.name}`} className="border-t align-top">
              <td className="py-1.5 pr-3 font-mono text-xs whitespace-nowrap">
                {r.name}
                {r.required && <span className="ml-1 text-destructive" title={labels.required}>*</span>}
              </td>
              {labels.where && <td className="py-1.5 pr-3 text-xs">{r.in}</td>}
              <td className="py-1.5 pr-3 font-mono text-xs">{r.type}</td>
              <td className="py-1.5 text-xs">
                {r.description}
                {r.example && <span className="ml-1 text-muted-foreground">({r.example})</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
