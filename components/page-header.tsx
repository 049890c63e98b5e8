import type { ReactNode } from "react";

interface PageHeaderProps {
  title: ReactNode;
  /** small line above the title, e.g. "Task 3 · Retrieval" */
  eyebrow?: ReactNode;
  /** one or two sentences under the title */
  description?: ReactNode;
  /** buttons or links aligned to the end (downloads, submit) */
  actions?: ReactNode;
  /** anything else under the description (tabs, legend) */
  children?: ReactNode;
  className?: string;
}

/** The one <h1> of a page, with its context. */
export function PageHeader({ title, eyebrow, description, actions, children, className = "" }: PageHeaderProps) {
  return (
    <header className={`border-b border-line pb-5 ${className}`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          {eyebrow ? <p className="mb-1 text-sm font-medium text-accent">{eyebrow}</p> : null}
          <h1 className="text-2xl font-semibold tracking-tight text-balance text-fg sm:text-3xl">{title}</h1>
          {description ? <div className="mt-2 max-w-3xl text-[0.9375rem] leading-relaxed text-pretty text-fg-muted">{description}</div> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children ? <div className="mt-4">{children}</div> : null}
    </header>
  );
}
