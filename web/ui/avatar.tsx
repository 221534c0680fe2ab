/** Seed section 2: the placeholder shows the first letters of the first two words of the alt text (at most 2). */
export function initials(alt: string): string {
  return alt
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("")
    .slice(0, 2);
}

export function Avatar(props: { src: string | null; alt: string; size?: number }) {
  const size = props.size ?? 64;
  if (props.src) {
    return (
      <img
        src={props.src}
        alt={props.alt}
        width={size}
        height={size}
        className="shrink-0 rounded-full bg-gray-100 object-cover dark:bg-gray-800"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={props.alt}
      className="grid shrink-0 place-items-center rounded-full bg-primary-700 font-semibold text-white"
      style={{ width: size, height: size, fontSize: size * 0.38 }}
    >
      {initials(props.alt)}
    </span>
  );
}
