import type { MetaDescriptor } from "react-router";

interface SiteMeta {
  title: string;
  desc: string;
  shareImage: string;
}

type Match = { id: string; loaderData?: unknown } | undefined;

/** Seed section 1: "{page title} - {site title}", with description and share image from the web config. */
export function pageMeta(matches: readonly Match[], title?: string, description?: string): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { webConfig?: SiteMeta } | undefined;
  const site = root?.webConfig ?? { title: "Pasar", desc: "Online Shop", shareImage: "/brand/share.png" };
  const fullTitle = title ? `${title} - ${site.title}` : site.title;
  const desc = description ?? site.desc;
  return [
    { title: fullTitle },
    { name: "description", content: desc },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: desc },
    { property: "og:image", content: site.shareImage },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
