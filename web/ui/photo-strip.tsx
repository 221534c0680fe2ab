import type { ImageView } from "#common/images.ts";
import { Picture } from "./picture.tsx";

/** A shopper's photos, small; each opens at full size. */
export function PhotoStrip(props: { images: ImageView[]; label: string }) {
  if (props.images.length === 0) return null;
  return (
    <ul className="mt-2 flex gap-2" aria-label={props.label}>
      {props.images.map((image, i) => (
        <li key={image.url}>
          <a href={`${image.url}.${image.formats.at(-1)}`} target="_blank" rel="noreferrer">
            <Picture
              image={image}
              alt={`${props.label} ${i + 1}`}
              sizes="72px"
              width={72}
              height={72}
              className="size-18 rounded-lg object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
