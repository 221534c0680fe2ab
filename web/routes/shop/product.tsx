import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/product";
import { AppHeader } from "../../features/shell/app-header.tsx";
import { ProductRow } from "../../features/catalog/product-card.tsx";
import { RatingLine, ReviewItem } from "../../features/reviews/review-item.tsx";
import { PreferencesButton } from "../../features/shell/preferences-button.tsx";
import { Price } from "../../features/catalog/price.tsx";
import { FlashBar, FlashClock, FlashTitle } from "../../features/catalog/flash-sale.tsx";
import { ProductGallery } from "../../features/catalog/product-gallery.tsx";
import { ShareButton } from "../../features/catalog/share-button.tsx";
import { VariantPicker } from "../../features/catalog/variant-picker.tsx";
import { chosenVariant, firstUnchosen, offerOf, readChoice } from "../../features/catalog/variant-choice.ts";
import { CollectionButton } from "../../features/browsing/collection-button.tsx";
import { BuyBar } from "../../features/orders/buy-bar.tsx";
import { FollowButton } from "../../features/stores/follow-button.tsx";
import { callServerApi, rethrowNotFound, serverT } from "../../lib/api.server.ts";
import { useApiAction } from "../../lib/api-hooks.ts";
import { callApi } from "../../lib/client.ts";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { useSignedIn } from "../../lib/session.ts";
import { localeFromParam, localizePath } from "../../lib/locale.ts";
import { pageMeta } from "../../lib/meta.ts";
import { keepDataOnQueryChange } from "../../lib/revalidate.ts";
import { Picture } from "../../ui/picture.tsx";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? "ind";
  const [product, recommended, reviews] = await callServerApi({ request, context }, locale, async (api) => {
    const found = await api.listings.get({ id: params.id }).catch(rethrowNotFound);
    // The recommendations and reviews come with the page: nothing appears after hydration.
    return Promise.all([
      found,
      api.listings.recommended({ id: params.id }),
      api.reviews.forProduct(reviewsInput(params.id)),
    ]);
  });
  const t = serverT(context, locale);
  return {
    product,
    recommended,
    reviews,
    title: product.name || t("catalog.product.title"),
    description: product.description.slice(0, 160),
  };
}

/**
 * Choosing a variant changes only the address's `o1`/`o2`: the page already has every variant, so it re-renders
 * from its data with no request (decision 25).
 */
export const shouldRevalidate = keepDataOnQueryChange;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(matches, loaderData?.title, loaderData?.description);

/** The product page shows the rating and the three newest reviews; the rest are on the reviews page. */
const reviewsInput = (listingId: string) => ({ listingId, limit: 3 });

function Reviews(props: { id: string; reviews: Route.ComponentProps["loaderData"]["reviews"] }) {
  const { t, locale } = useI18n();
  const { reviews } = props;
  const all = localizePath(locale, `/h5/products/${props.id}/reviews`);
  return (
    <section aria-labelledby="reviews-title" className="mt-2 bg-white p-4 dark:bg-gray-900">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="reviews-title" className="font-semibold">
          {t("reviews.title")}
        </h2>
        {reviews.summary.count > 0 && (
          <Link to={all} className="text-sm font-medium text-primary-800 dark:text-primary-300">
            {t("reviews.seeAll", { count: reviews.summary.count })}
          </Link>
        )}
      </div>
      <div className="mt-1">
        <RatingLine summary={reviews.summary} />
      </div>
      {reviews.items.map((r) => (
        <ReviewItem key={r.id} review={r} />
      ))}
    </section>
  );
}

/**
 * Records a signed-in shopper's footprint once the product is shown in the browser: loading the page
 * (a crawler, a prefetch, a link from another site) records nothing on its own.
 */
function useRecordFootprint(listingId: string) {
  const signedIn = useSignedIn();
  // Nothing to refresh: the footprints page's loader reads them afresh when it is opened.
  const { run } = useApiAction((input: { listingId: string }) =>
    callApi("footprints.record", input, { mutation: true }),
  );
  useEffect(() => {
    if (signedIn) run({ listingId });
  }, [signedIn, listingId, run]);
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { product } = loaderData;
  const [params] = useSearchParams();
  // After a tap on a buy button with a choice still to make: the picker says which.
  const [prompt, setPrompt] = useState(false);
  useRecordFootprint(product.id);
  const choice = readChoice(product.options, params);
  const variant = chosenVariant(product.variants, choice);
  const missing = firstUnchosen(product.options, choice);
  // What the choice so far leaves: a range until one variant is chosen; nothing for a combination not sold.
  const offer = offerOf(product.variants, choice) ?? {
    price: product.price,
    maxPrice: product.price,
    suggestedPrice: product.price,
    stock: 0,
  };
  // Its flash sale (issue 42): the chosen variant's item (or the only variant's). While the slot is live and the
  // item has units left, the page shows and the cart charges its flash price, within the shopper's limit; the
  // slot's clock running out ends that here too, as it does on the server.
  const { flash } = product;
  const [overSlot, setOverSlot] = useState<string>();
  const flashItem = flash?.items.find((i) => i.variantId === variant?.id);
  const live = flash?.slot.state === "live" && overSlot !== flash.slot.id;
  const flashLeft = live && flashItem ? flashItem.stock - flashItem.sold : 0;
  const stock = flashLeft > 0 ? flashLeft : offer.stock;
  // The chosen variant's picture leads the gallery (the colour chips show each colour's).
  const picture = variant?.image;
  const images = picture ? [picture, ...product.images.filter((i) => i.url !== picture.url)] : product.images;
  const askFor = () => {
    setPrompt(true);
    document.getElementById(`option-${missing?.position}`)?.focus();
  };
  return (
    <>
      <AppHeader back title={t("catalog.product.title")} actions={<PreferencesButton />} />
      <main id="main" className="pb-24">
        <ProductGallery key={images[0]?.url} images={images} name={product.name} />
        <section className="bg-white p-4 dark:bg-gray-900">
          {/* Before a variant is chosen, or before the slot starts: its lowest flash price and when. */}
          {flash && (variant ? flashItem : flash.items[0]) && (
            <div className="-mx-4 -mt-4 mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 bg-red-50 px-4 py-2 text-sm dark:bg-red-950">
              <span className="flex items-center gap-2">
                <FlashTitle />
                {overSlot !== flash.slot.id && !(live && flashItem) && (
                  <span className="font-bold text-red-700 dark:text-red-300">
                    {formatRupiah(
                      Math.min(...(flashItem ? [flashItem] : flash.items).map((i) => i.flashPrice)),
                    )}
                  </span>
                )}
              </span>
              <FlashClock now={flash.now} slot={flash.slot} onOver={setOverSlot} />
            </div>
          )}
          <Price
            size="lg"
            price={flashLeft > 0 ? flashItem!.flashPrice : offer.price}
            max={flashLeft > 0 ? 0 : offer.maxPrice}
            usual={flashLeft > 0 ? flashItem!.listedPrice : offer.suggestedPrice}
            discountLabel={(percent) => t("catalog.product.discount", { percent })}
          />
          {live && flashItem && (
            <>
              <FlashBar item={flashItem} />
              {flashLeft > 0 && (
                <p className="text-xs text-gray-600 dark:text-gray-400">
                  {t("flash.limit", { count: flashItem.perShopperLimit })}
                </p>
              )}
            </>
          )}
          <h1 className="mt-2 text-lg leading-snug font-semibold">{product.name}</h1>
          <VariantPicker
            options={product.options}
            variants={product.variants}
            choice={choice}
            prompt={prompt ? missing : null}
          />
          <div className="mt-2 flex justify-end gap-2">
            <CollectionButton listingId={product.id} />
            <ShareButton title={product.name} />
          </div>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            {product.sales > 0 && (
              <span>{t("catalog.product.sold", { count: formatNumber(product.sales, locale) })} · </span>
            )}
            <span>
              {stock > 0
                ? t("catalog.product.stock", { count: formatNumber(stock, locale) })
                : t("catalog.product.outOfStock")}
            </span>
          </p>
        </section>
        <section aria-labelledby="store-title" className="mt-2 bg-white p-4 dark:bg-gray-900">
          <h2 id="store-title" className="sr-only">
            {t("catalog.product.store")}
          </h2>
          <Link
            to={localizePath(locale, `/h5/merchant/shop/${product.store.id}`)}
            className="flex items-center gap-3"
          >
            {product.store.logo ? (
              <Picture
                image={product.store.logo}
                alt=""
                sizes="48px"
                width={48}
                height={48}
                eager
                className="size-12 rounded-xl"
              />
            ) : (
              <span
                aria-hidden="true"
                className="grid size-12 place-items-center rounded-xl bg-gray-100 text-lg font-semibold dark:bg-gray-800"
              >
                {product.store.name.slice(0, 1)}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{product.store.name}</p>
              <p className="line-clamp-2 text-sm text-gray-600 dark:text-gray-400">{product.store.intro}</p>
            </div>
          </Link>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            {/* The store's vouchers anyone can claim (issue 42), with "Klaim" on the voucher page. */}
            {product.store.vouchers > 0 && (
              <Link
                to={localizePath(locale, `/h5/vouchers?store=${product.store.id}`)}
                className="rounded-full border px-4 py-2 text-sm font-semibold text-primary-800 dark:text-primary-300"
              >
                {t("vouchers.store.title")}
              </Link>
            )}
            <FollowButton storeId={product.store.id} />
            {/* The store card above opens the store's page; beside following it, the way to ask it. */}
            <Link
              to={localizePath(locale, `/h5/chat/${product.store.id}?product=${product.id}`)}
              className="rounded-full border px-4 py-2 text-sm font-semibold text-primary-800 dark:text-primary-300"
            >
              {t("chat.openStore")}
            </Link>
          </div>
        </section>
        <section aria-labelledby="services-title" className="mt-2 bg-white p-4 dark:bg-gray-900">
          <h2 id="services-title" className="font-semibold">
            {t("catalog.product.services")}
          </h2>
          <ul className="mt-2 grid gap-1.5 text-sm text-gray-700 dark:text-gray-300">
            {(["returns", "replacement", "delivery"] as const).map((key) => (
              <li key={key} className="flex items-center gap-2">
                {/* A tick drawn by CSS, not an icon module: the page's script budget (decision 25). */}
                <span
                  aria-hidden="true"
                  className="grid size-4 shrink-0 place-items-center rounded-full bg-primary-700 text-[10px] leading-none font-bold text-white before:content-['✓'] dark:bg-primary-400 dark:text-gray-900"
                />
                {t(`catalog.product.${key}`)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="description-title" className="mt-2 bg-white p-4 dark:bg-gray-900">
          <h2 id="description-title" className="font-semibold">
            {t("catalog.product.description")}
          </h2>
          <p className="mt-2 text-sm leading-6 whitespace-pre-line text-gray-700 dark:text-gray-300">
            {product.description}
          </p>
        </section>
        <Reviews id={product.id} reviews={loaderData.reviews} />
        <ProductRow
          id="recommended"
          title={t("catalog.product.recommended")}
          products={loaderData.recommended}
        />
      </main>
      <BuyBar
        listingId={product.id}
        stock={flashLeft > 0 ? Math.min(flashLeft, flashItem!.perShopperLimit) : offer.stock}
        variantId={variant?.id ?? null}
        onChoiceMissing={missing ? askFor : null}
      />
    </>
  );
}
