import type { ComponentType } from "react";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

/** A menu of pages: each row an icon, a name and a chevron, the whole row a link. */
export function LinkList(props: {
  label: string;
  links: readonly (readonly [to: string, label: string, icon: ComponentType<{ className?: string }>])[];
}) {
  return (
    <nav aria-label={props.label} className="mt-3 bg-white dark:bg-gray-900">
      <ul className="divide-y divide-gray-100 dark:divide-gray-800">
        {props.links.map(([to, label, Icon]) => (
          <li key={to}>
            <Link to={to} className="flex items-center gap-3 px-4 py-3.5">
              <Icon className="size-5 text-primary-700 dark:text-primary-400" aria-hidden="true" />
              <span className="flex-1">{label}</span>
              <ChevronRight className="size-5 text-gray-500" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
