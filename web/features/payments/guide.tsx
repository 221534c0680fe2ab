import type { ReactNode } from "react";
import { ChevronDown } from "lucide-react";

/** A message's steps, one a line ("\n" between them), as a numbered list. */
export function Steps(props: { text: string; className?: string }) {
  return (
    <ol className={`list-decimal space-y-1.5 ps-5 text-sm leading-relaxed ${props.className ?? ""}`}>
      {props.text
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line, i) => (
          <li key={i}>{line}</li>
        ))}
    </ol>
  );
}

/** A disclosure section (<details>): its title is a 44 px row, what it says opens below. */
export function Disclosure(props: { title: ReactNode; children: ReactNode; open?: boolean }) {
  return (
    <details
      open={props.open}
      className="group border-b border-gray-200 last:border-b-0 dark:border-gray-800"
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 py-2 font-medium [&::-webkit-details-marker]:hidden">
        <span>{props.title}</span>
        <ChevronDown
          className="size-5 shrink-0 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="pb-4">{props.children}</div>
    </details>
  );
}
