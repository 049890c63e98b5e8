import type { ReactNode } from "react";

/** A form field's label, above it, in the forms' one label style (the upload form's labelCls). */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-fg">
      {children}
    </label>
  );
}
