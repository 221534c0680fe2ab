import type { ReactNode } from "react";

/** A label and a value on one line of a summary. */
export function SummaryRow(props: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-1.5 ${props.strong ? "font-semibold" : ""}`}
    >
      <dt className="text-gray-700 dark:text-gray-300">{props.label}</dt>
      <dd className="text-end tabular-nums">{props.children}</dd>
    </div>
  );
}

/** One figure of a card's grid of figures (a `dl`): its name above, its value below; `wide` takes the row. */
export function Figure(props: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={props.wide ? "col-span-2" : undefined}>
      <dt className="text-xs text-gray-600 dark:text-gray-400">{props.label}</dt>
      <dd className="font-medium tabular-nums">{props.children}</dd>
    </div>
  );
}

/** A white card on the page's grey background. */
export function Card(props: { children: ReactNode; className?: string; labelledBy?: string }) {
  return (
    <section
      aria-labelledby={props.labelledBy}
      className={`mx-3 mt-3 rounded-xl bg-white p-4 dark:bg-gray-900 ${props.className ?? ""}`}
    >
      {props.children}
    </section>
  );
}

/**
 * A link drawn as a button: filled for the main way on, outlined for the other. Beside another it grows from its
 * label's width, so neither label wraps while both fit; a label that still wraps makes it taller, never cut off.
 */
export function buttonLink(kind: "primary" | "secondary"): string {
  const base =
    "flex min-h-11 flex-auto items-center justify-center gap-2 rounded-full px-4 py-2 text-center leading-tight font-semibold";
  return kind === "primary"
    ? `${base} bg-primary-700 text-white hover:bg-primary-800`
    : `${base} border border-primary-700 text-primary-800 hover:bg-primary-50 dark:border-primary-400 dark:text-primary-300 dark:hover:bg-primary-950`;
}

/**
 * Buttons side by side while their labels fit, each growing from its label's width; when they do not fit (a long
 * label on a 320 px phone or in a dialog), they stack, each as wide as the row. A label wider than the row wraps
 * and its button grows taller (`min-h-*`, never `h-*`): no button cuts its label off.
 */
export const buttonRow = "flex flex-wrap gap-3";

/** A button of a `buttonRow`, with its own colours and a `min-h-*`. */
export const rowButton = "flex-auto rounded-full px-4 py-2 leading-tight";
