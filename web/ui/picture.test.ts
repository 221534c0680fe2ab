import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ImageView } from "#common/images.ts";
import { Picture, type PictureProps } from "./picture.tsx";

const photo: ImageView = {
  url: "/uploads/products/abc",
  width: 800,
  height: 600,
  widths: [160, 320, 480],
  formats: ["webp"],
};

/** The attributes of each element of the markup (it is React's own, so a simple reading is enough). */
function elements(html: string, tag: string) {
  return [...html.matchAll(new RegExp(`<${tag}\\s([^>]*?)/?>`, "g"))].map((m) =>
    Object.fromEntries(
      [...m[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [
        a[1]!.toLowerCase(),
        a[2]!.replaceAll("&amp;", "&"),
      ]),
    ),
  );
}

/** What the browser receives in the page. */
function render(props: Omit<PictureProps, "alt"> & { alt?: string }) {
  const html = renderToStaticMarkup(createElement(Picture, { alt: "", ...props }));
  return { img: elements(html, "img")[0]!, sources: elements(html, "source") };
}

describe("Picture", () => {
  it("offers every rendition with its width and says how wide the slot is", () => {
    const { img } = render({ image: photo, sizes: "144px", width: 144, height: 144 });
    expect(img.srcset).toBe(
      "/uploads/products/abc-160.webp 160w, /uploads/products/abc-320.webp 320w, " +
        "/uploads/products/abc-480.webp 480w, /uploads/products/abc.webp 800w",
    );
    expect(img.sizes).toBe("144px");
    // The box is reserved before the picture arrives; the fallback is sharp on a 2x screen.
    expect([img.width, img.height]).toEqual(["144", "144"]);
    expect(img.src).toBe("/uploads/products/abc-320.webp");
  });

  it("loads lazily unless on the first screen, and fetches the likely largest image first", () => {
    expect(render({ image: photo, sizes: "50vw", width: 1, height: 1 }).img).toMatchObject({
      loading: "lazy",
    });
    const eager = render({ image: photo, sizes: "50vw", width: 1, height: 1, eager: true }).img;
    expect(eager.loading).toBe("eager");
    expect(eager.fetchpriority).toBeUndefined();
    const lcp = render({ image: photo, sizes: "100vw", width: 800, height: 600, lcp: true }).img;
    expect(lcp).toMatchObject({ loading: "eager", fetchpriority: "high" });
  });

  it("offers better formats first when an image has them, with WebP for every other browser", () => {
    const { sources, img } = render({
      image: { ...photo, formats: ["avif", "webp"] },
      sizes: "100vw",
      width: 800,
      height: 600,
      alt: "Kamera",
    });
    expect(sources).toEqual([
      {
        type: "image/avif",
        srcset:
          "/uploads/products/abc-160.avif 160w, /uploads/products/abc-320.avif 320w, " +
          "/uploads/products/abc-480.avif 480w, /uploads/products/abc.avif 800w",
        sizes: "100vw",
      },
    ]);
    expect(img.srcset).toContain("/uploads/products/abc.webp 800w");
    expect(img.alt).toBe("Kamera");
  });

  it("shows an image stored before renditions existed as its one file", () => {
    const { img } = render({
      image: { url: "/uploads/avatars/old", width: 256, height: 256, widths: [], formats: ["webp"] },
      sizes: "72px",
      width: 72,
      height: 72,
    });
    expect(img.src).toBe("/uploads/avatars/old.webp");
    expect(img.srcset).toBe("/uploads/avatars/old.webp 256w");
  });

  it("has the document head preload only the LCP image, so the stylesheet is not queued behind the others", () => {
    const page = createElement(
      "html",
      null,
      createElement("head"),
      createElement(
        "body",
        null,
        createElement(Picture, { image: photo, alt: "", sizes: "144px", width: 144, height: 144, lcp: true }),
        ...[1, 2, 3].map((i) =>
          createElement(Picture, {
            key: i,
            image: { ...photo, url: `/uploads/products/other${i}` },
            alt: "",
            sizes: "144px",
            width: 144,
            height: 144,
            eager: true,
          }),
        ),
      ),
    );
    const preloads = elements(renderToStaticMarkup(page), "link").filter((l) => l.rel === "preload");
    expect(preloads).toHaveLength(1);
    expect(preloads[0]!.imagesrcset).toContain("/uploads/products/abc-160.webp");
  });
});
