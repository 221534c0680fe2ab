import { UserRound } from "lucide-react";
import type { ImageView } from "#common/images.ts";
import { Picture } from "./picture.tsx";

/**
 * Seed section 2: the placeholder shows the first letters of the first two words (at most 2). The words
 * are the person's, not the alt text's ("Profile photo of …" would give everyone "PP"): an email's local
 * part split on . _ - ("siti.aminah@…" → "SA"), a name's words, a phone's last two digits ("+62 812-…-7890"
 * → "90"). Empty when there is nothing to take letters from.
 */
export function initials(name: string): string {
  const text = name.trim();
  if (/^\+?[\d\s().-]+$/.test(text)) return text.replace(/\D/g, "").slice(-2);
  const local = text.includes("@") ? text.slice(0, text.indexOf("@")) : text;
  const firsts = local
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase());
  // Array.from keeps a letter outside the BMP whole; "ß".toUpperCase() is "SS", hence the final cut.
  return Array.from(firsts.join("")).slice(0, 2).join("");
}

/**
 * A round photo, or the person's initials (a person glyph when there are none) on the brand colour.
 * `eager` when it is on the first screen.
 */
export function Avatar(props: {
  image: ImageView | null;
  alt: string;
  name: string;
  size?: number;
  eager?: boolean;
}) {
  const size = props.size ?? 64;
  if (props.image) {
    return (
      <Picture
        image={props.image}
        alt={props.alt}
        sizes={`${size}px`}
        width={size}
        height={size}
        eager={props.eager}
        className="shrink-0 rounded-full bg-gray-100 object-cover dark:bg-gray-800"
        style={{ width: size, height: size }}
      />
    );
  }
  const letters = initials(props.name);
  return (
    // Without alternative text the avatar is decorative (a name beside it says whose it is).
    <span
      role={props.alt ? "img" : undefined}
      aria-label={props.alt || undefined}
      aria-hidden={props.alt ? undefined : true}
      className="grid shrink-0 place-items-center rounded-full bg-primary-700 font-semibold text-white"
      style={{ width: size, height: size, fontSize: size * 0.38 }}
    >
      {letters ? (
        <span aria-hidden="true">{letters}</span>
      ) : (
        <UserRound style={{ width: size * 0.5, height: size * 0.5 }} aria-hidden="true" />
      )}
    </span>
  );
}
