import type { ImageView } from "#common/images.ts";
import { Picture } from "./picture.tsx";

/** A small square picture beside a line of a list (decorative: the line says what it is), or its place. */
export function Thumbnail(props: { image: ImageView | null }) {
  return props.image ? (
    <Picture
      image={props.image}
      alt=""
      sizes="64px"
      width={64}
      height={64}
      className="size-16 shrink-0 rounded-lg object-cover"
    />
  ) : (
    <span className="size-16 shrink-0 rounded-lg bg-gray-100 dark:bg-gray-800" />
  );
}
