interface ProgressBarProps {
  /** what is progressing, for screen readers ("Upload", "Instances scored") */
  label: string;
  /** done so far; null when unknown (the bar is then indeterminate) */
  value: number | null;
  max: number;
  /** the text beside the label, e.g. "1,200 of 2,000"; defaults to the percentage */
  valueText?: string;
  tone?: "accent" | "success" | "danger";
  className?: string;
}

const TONE: Record<NonNullable<ProgressBarProps["tone"]>, string> = {
  accent: "bg-accent",
  success: "bg-tier-verified",
  danger: "bg-red-600 dark:bg-red-400",
};

/** A determinate progress bar (role="progressbar"), or an indeterminate one when value is null. */
export function ProgressBar({ label, value, max, valueText, tone = "accent", className = "" }: ProgressBarProps) {
  const known = value !== null && Number.isFinite(value) && max > 0;
  const percent = known ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  const rounded = Math.floor(percent);
  const text = valueText ?? (known ? `${rounded}%` : "");
  return (
    <div className={className}>
      <div className="mb-1 flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-fg">{label}</span>
        <span className="num text-fg-muted">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={known ? 100 : undefined}
        aria-valuenow={known ? rounded : undefined}
        aria-valuetext={text || undefined}
        className="relative h-2.5 w-full overflow-hidden rounded-full bg-surface-muted ring-1 ring-line ring-inset"
      >
        {known ? (
          <div className={`h-full rounded-full transition-[width] duration-300 ease-out ${TONE[tone]}`} style={{ width: `${percent}%` }} />
        ) : (
          <div className={`absolute inset-y-0 w-1/3 animate-pulse rounded-full ${TONE[tone]} opacity-60`} />
        )}
      </div>
    </div>
  );
}
