/** The value of one sample line of the Prometheus text, e.g. `name{label="x"}`; undefined when absent. */
export function sampleValue(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
