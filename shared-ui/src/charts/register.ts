import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

let registered = false;

/** Registers the chart.js pieces our charts use. Safe to call repeatedly; only the first call registers. */
export function registerCharts(): void {
  if (registered) return;
  Chart.register(
    CategoryScale,
    LinearScale,
    PointElement,
    LineElement,
    BarElement,
    ArcElement,
    Filler,
    Tooltip,
    Legend,
  );
  registered = true;
}

// Importing this module is enough: every chart wrapper imports it for this side effect.
registerCharts();
