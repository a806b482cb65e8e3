/**
 * Plain SVG charts of a benchmark run, written beside its JSON under bench/results/: the bot's memory over
 * time at each scale, and the histogram of poll-mode delivery latency. No plotting library: a line chart
 * and a bar chart are a few dozen lines of SVG.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";

/** One line of a chart: `[x, y]` points. */
export interface Series {
  label: string;
  points: readonly (readonly [number, number])[];
}

const WIDTH = 720;
const HEIGHT = 360;
const MARGIN = { left: 60, right: 20, top: 36, bottom: 44 };
const COLORS = ["#3b6fd8", "#d8703b", "#3ba55d", "#8a4fd8"];

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A round step giving about `count` ticks over `span`. */
function tickStep(span: number, count: number): number {
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
}

interface Frame {
  x: (v: number) => number;
  y: (v: number) => number;
  parts: string[];
}

/** Axes, ticks, labels and title for the given ranges; returns the scales and the SVG parts so far. */
function frame(title: string, xLabel: string, yLabel: string, xMax: number, yMax: number): Frame {
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (v: number) => MARGIN.left + (v / xMax) * plotW;
  const y = (v: number) => MARGIN.top + plotH - (v / yMax) * plotH;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${WIDTH / 2}" y="20" text-anchor="middle" font-size="14">${escape(title)}</text>`,
  ];
  const xStep = tickStep(xMax, 8);
  for (let v = 0; v <= xMax + 1e-9; v += xStep) {
    parts.push(
      `<line x1="${x(v)}" y1="${y(0)}" x2="${x(v)}" y2="${y(0) + 4}" stroke="#333"/>`,
      `<text x="${x(v)}" y="${y(0) + 16}" text-anchor="middle">${Number(v.toPrecision(6))}</text>`,
    );
  }
  const yStep = tickStep(yMax, 6);
  for (let v = 0; v <= yMax + 1e-9; v += yStep) {
    parts.push(
      `<line x1="${MARGIN.left}" y1="${y(v)}" x2="${WIDTH - MARGIN.right}" y2="${y(v)}" stroke="#eee"/>`,
      `<text x="${MARGIN.left - 6}" y="${y(v) + 4}" text-anchor="end">${Number(v.toPrecision(6))}</text>`,
    );
  }
  parts.push(
    `<line x1="${MARGIN.left}" y1="${y(0)}" x2="${WIDTH - MARGIN.right}" y2="${y(0)}" stroke="#333"/>`,
    `<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${y(0)}" stroke="#333"/>`,
    `<text x="${WIDTH / 2}" y="${HEIGHT - 8}" text-anchor="middle">${escape(xLabel)}</text>`,
    `<text x="14" y="${HEIGHT / 2}" text-anchor="middle" transform="rotate(-90 14 ${HEIGHT / 2})">${escape(yLabel)}</text>`,
  );
  return { x, y, parts };
}

/** A dashed horizontal line at `value` with a label. */
function marker(f: Frame, xMax: number, value: number, label: string): string {
  return (
    `<line x1="${f.x(0)}" y1="${f.y(value)}" x2="${f.x(xMax)}" y2="${f.y(value)}" stroke="#c00" stroke-dasharray="6 4"/>` +
    `<text x="${f.x(xMax) - 4}" y="${f.y(value) - 4}" text-anchor="end" fill="#c00">${escape(label)}</text>`
  );
}

/** Line chart of several series sharing the axes, with an optional horizontal target line. */
export function lineChartSvg(
  title: string,
  axes: { x: string; y: string },
  series: readonly Series[],
  target?: { value: number; label: string },
): string {
  const all = series.flatMap((s) => s.points);
  const xMax = Math.max(1, ...all.map(([x]) => x));
  const yMax = Math.max(1, target ? target.value * 1.1 : 0, ...all.map(([, y]) => y)) * 1.05;
  const f = frame(title, axes.x, axes.y, xMax, yMax);
  if (target) f.parts.push(marker(f, xMax, target.value, target.label));
  series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length]!;
    const d = s.points.map(([x, y], j) => `${j === 0 ? "M" : "L"}${f.x(x).toFixed(1)},${f.y(y).toFixed(1)}`);
    f.parts.push(
      `<path d="${d.join(" ")}" fill="none" stroke="${color}" stroke-width="2"/>`,
      `<text x="${MARGIN.left + 10}" y="${MARGIN.top + 14 + i * 16}" fill="${color}">${escape(s.label)}</text>`,
    );
  });
  return [...f.parts, "</svg>"].join("\n");
}

/** Histogram of `samples` in bins of `binWidth`, with optional vertical markers (e.g. median, target). */
export function histogramSvg(
  title: string,
  axes: { x: string; y: string },
  samples: readonly number[],
  binWidth: number,
  markers: readonly { at: number; label: string }[] = [],
): string {
  const top = Math.max(binWidth, ...samples, ...markers.map((m) => m.at));
  const bins = new Array<number>(Math.ceil((top + 1e-9) / binWidth)).fill(0);
  for (const s of samples) bins[Math.min(bins.length - 1, Math.floor(Math.max(0, s) / binWidth))]!++;
  const xMax = bins.length * binWidth;
  const f = frame(title, axes.x, axes.y, xMax, Math.max(1, ...bins) * 1.1);
  bins.forEach((count, i) => {
    const x0 = f.x(i * binWidth);
    const w = Math.max(1, f.x((i + 1) * binWidth) - x0 - 1);
    f.parts.push(
      `<rect x="${x0.toFixed(1)}" y="${f.y(count).toFixed(1)}" width="${w.toFixed(1)}" height="${(f.y(0) - f.y(count)).toFixed(1)}" fill="${COLORS[0]}"/>`,
    );
  });
  markers.forEach((m, i) => {
    f.parts.push(
      `<line x1="${f.x(m.at)}" y1="${MARGIN.top}" x2="${f.x(m.at)}" y2="${f.y(0)}" stroke="#c00" stroke-dasharray="6 4"/>`,
      `<text x="${f.x(m.at) + 4}" y="${MARGIN.top + 12 + i * 14}" fill="#c00">${escape(m.label)}</text>`,
    );
  });
  return [...f.parts, "</svg>"].join("\n");
}

/** Writes `name` under `directory`; returns its path. */
export async function writeSvg(directory: string, name: string, svg: string): Promise<string> {
  const path = join(directory, name);
  await writeFile(path, `${svg}\n`);
  return path;
}
