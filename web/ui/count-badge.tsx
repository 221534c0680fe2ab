/** The red count on a header icon (unread chats, notifications): hidden from screen readers, whose link names it. */
export function CountBadge(props: { count: number }) {
  if (props.count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold text-white"
    >
      {props.count > 99 ? "99+" : props.count}
    </span>
  );
}
