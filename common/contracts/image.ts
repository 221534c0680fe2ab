import { z } from "zod";
import { imageFormats, type ImageView } from "../images.ts";

const dimension = z.number().int().positive().max(10_000);

/** An image and its renditions (common/images.ts says how they are named). */
export const ImageViewSchema = z.object({
  url: z.string(),
  width: dimension,
  height: dimension,
  widths: z.array(dimension),
  formats: z.array(z.enum(imageFormats)).min(1),
}) satisfies z.ZodType<ImageView>;
