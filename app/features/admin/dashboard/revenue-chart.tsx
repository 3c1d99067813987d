// Daily revenue for the last 30 days: uPlot, loaded only by this page and only in the browser (it draws
// on a canvas). A table of the same figures follows for screen readers and when scripts do not run.
import { useEffect, useRef, useState } from "react";
import "uplot/dist/uPlot.min.css";

export function RevenueChart({
  days,
  currency,
}: {
  days: { day: string; revenue: number; orders: number }[];
  currency: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let cancelled = false;
    const money = new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0 });
    import("uplot")
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const xs = days.map((day) => Date.parse(`${day.day}T12:00:00Z`) / 1000);
        const ys = days.map((day) => day.revenue);
        chart = new UPlot(
          {
            width: element.clientWidth,
            height: 260,
            scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] } },
            axes: [
              { stroke: "#5b6b7d", grid: { stroke: "#eef2f6" } },
              {
                stroke: "#5b6b7d",
                grid: { stroke: "#eef2f6" },
                size: 70,
                values: (_u, ticks) => ticks.map((t) => money.format(t)),
              },
            ],
            series: [
              {},
              {
                label: "Revenue",
                stroke: "#0e7490",
                width: 2,
                fill: "rgba(14, 116, 144, 0.12)",
                points: { show: true, size: 5 },
                value: (_u, v) => (v == null ? "—" : money.format(v)),
              },
            ],
            legend: { show: true },
          },
          [xs, ys],
          element,
        );
      })
      .catch(() => setFailed(true));
    const resize = () => chart?.setSize({ width: element.clientWidth, height: 260 });
    window.addEventListener("resize", resize);
    return () => {
      cancelled = true;
      window.removeEventListener("resize", resize);
      chart?.destroy();
    };
  }, [days, currency]);
  return (
    <div>
      <div ref={box} aria-hidden="true" className="min-h-[290px] w-full" />
      {failed ? <p className="text-sm text-muted">The chart could not be drawn; the figures are below.</p> : null}
    </div>
  );
}
