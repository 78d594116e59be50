import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what bar charts need, so the statistics chunk carries no other chart type.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  values: number[];
  /** A CSS custom property of the theme, e.g. `--primary`. */
  colorVariable: string;
}

function cssColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

/**
 * A bar chart drawn by Chart.js on a canvas. The canvas is an image to assistive technology,
 * named by `summary`; the figures it shows are also on the page as text.
 */
export function BarChart({
  labels,
  series,
  summary,
  theme,
  language,
}: {
  labels: string[];
  series: BarSeries[];
  summary: string;
  /** Redraws in the theme's colours when it changes. */
  theme: string;
  language: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const text = cssColor('--text-muted');
    const grid = cssColor('--border');
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((s) => ({
          label: s.label,
          data: s.values,
          backgroundColor: cssColor(s.colorVariable),
          borderRadius: 4,
        })),
      },
      options: {
        locale: language,
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { display: series.length > 1, labels: { color: text } },
        },
        scales: {
          x: { ticks: { color: text }, grid: { display: false } },
          y: {
            beginAtZero: true,
            ticks: { color: text, precision: 0 },
            grid: { color: grid },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series, theme, language]);

  return (
    <div className="statistics-chart">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
