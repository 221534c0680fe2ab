import { useEffect, useId, useRef, useState } from "react";
import type { DayFigure } from "#common/contracts/merchants.ts";
import { localeTags } from "#common/locales.ts";
import { dateTimeFormat } from "../../lib/time-zone.ts";
import { formatCompact } from "../../lib/format-compact.ts";
import { formatNumber, formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** A day ("2026-11-23") as the reader's language writes it briefly ("23 Nov"). */
function shortDay(day: string, tag: string) {
  return dateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * Turnover and orders per day, drawn by uPlot (a small canvas charting library) once the page is shown: the
 * library is loaded only here, after the figures have painted. The same numbers are in a table for screen
 * readers (a canvas says nothing), and in the page's HTML before any script runs.
 */
export function SalesChart(props: { days: DayFigure[] }) {
  const { t, locale } = useI18n();
  const tag = localeTags[locale];
  const box = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const [failed, setFailed] = useState(false);
  const { days } = props;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    const labels = days.map((d) => shortDay(d.day, tag));
    Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const x = days.map((_, i) => i);
        const grid = { stroke: "rgba(127,127,127,0.15)", width: 1 };
        chart = new UPlot(
          {
            width: element.clientWidth,
            height: 200,
            legend: { show: false },
            cursor: { show: false },
            scales: {
              // Half a day of room each side, so the first and last bars show whole.
              x: { time: false, range: () => [-0.5, days.length - 0.5] },
              orders: { range: (_u, _min, max) => [0, Math.max(4, max)] },
            },
            axes: [
              {
                stroke: "#6b7280",
                grid,
                ticks: { show: false },
                values: (_u, splits) => splits.map((i) => labels[i] ?? ""),
                space: 60,
              },
              {
                stroke: "#6b7280",
                grid,
                ticks: { show: false },
                size: 56,
                values: (_u, splits) => splits.map((v) => formatCompact(v, locale)),
              },
              {
                scale: "orders",
                side: 1,
                stroke: "#b45309",
                grid: { show: false },
                ticks: { show: false },
                size: 32,
              },
            ],
            series: [
              {},
              {
                label: t("merchant.home.turnover"),
                stroke: "#15803d",
                fill: "rgba(21,128,61,0.12)",
                width: 2,
                points: { show: false },
              },
              {
                label: t("merchant.home.orders"),
                scale: "orders",
                stroke: "#b45309",
                width: 0,
                fill: "rgba(180,83,9,0.55)",
                paths: UPlot.paths.bars?.({ size: [0.5, 12] }),
                points: { show: false },
              },
            ],
          },
          [x, days.map((d) => d.turnover), days.map((d) => d.orders)],
          element,
        );
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    const resize = () => chart?.setSize({ width: element.clientWidth, height: 200 });
    window.addEventListener("resize", resize);
    return () => {
      cancelled = true;
      window.removeEventListener("resize", resize);
      chart?.destroy();
    };
  }, [days, tag, t, locale]);

  const totalTurnover = days.reduce((s, d) => s + d.turnover, 0);
  const totalOrders = days.reduce((s, d) => s + d.orders, 0);
  return (
    <figure aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm text-gray-700 dark:text-gray-300">
        {t("merchant.home.chartCaption", {
          period: t("merchant.home.chartDays", { count: days.length }),
          turnover: formatRupiah(totalTurnover),
          count: totalOrders,
        })}
      </figcaption>
      <div className="mt-2 flex gap-4 text-xs text-gray-700 dark:text-gray-300" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-primary-700" />
          {t("merchant.home.turnover")}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 bg-amber-700/60" />
          {t("merchant.home.orders")}
        </span>
      </div>
      <div ref={box} className="mt-1 h-[200px] w-full" aria-hidden="true" data-testid="sales-chart">
        {failed && (
          <p className="py-16 text-center text-sm text-gray-600 dark:text-gray-400">
            {t("merchant.home.chartFailed")}
          </p>
        )}
      </div>
      <table className="sr-only">
        <caption>{t("merchant.home.chartTable")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("merchant.home.day")}</th>
            <th scope="col">{t("merchant.home.turnover")}</th>
            <th scope="col">{t("merchant.home.orders")}</th>
          </tr>
        </thead>
        <tbody>
          {days
            .filter((d) => d.orders > 0)
            .map((d) => (
              <tr key={d.day}>
                <th scope="row">{shortDay(d.day, tag)}</th>
                <td>{formatRupiah(d.turnover)}</td>
                <td>{formatNumber(d.orders, locale)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  );
}
