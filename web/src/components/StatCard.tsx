/** A labelled figure; `caption` says what it counts, e.g. which sessions (ADR 0051). */
export function StatCard({
  label,
  value,
  caption,
}: {
  label: string;
  value: string | number;
  caption?: string;
}) {
  return (
    <div className="stat-card">
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
      {caption && <span className="stat-caption">{caption}</span>}
    </div>
  );
}
